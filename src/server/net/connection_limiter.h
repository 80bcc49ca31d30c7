// SPDX-License-Identifier: MIT
// Counting open connections, in all and per client address, from accept to close. A
// ConnectionSlot is the right to one open connection: the session that owns the socket holds
// it (a WebSocket session takes over the slot of the HTTP connection it came from), and
// destroying it gives the slot back. Used on the network thread only, so it needs no lock.
#pragma once

#include <memory>
#include <string>
#include <unordered_map>

#include "server/common/net.h"
#include "server/net/client_address.h"

namespace reversi::server {

class ConnectionLimiter;

class ConnectionSlot {
  public:
    ConnectionSlot() = default;
    ConnectionSlot(ConnectionSlot&& other) noexcept;
    ConnectionSlot& operator=(ConnectionSlot&& other) noexcept;
    ConnectionSlot(const ConnectionSlot&) = delete;
    ConnectionSlot& operator=(const ConnectionSlot&) = delete;
    ~ConnectionSlot();

    // False for a refused connection (or a slot moved from).
    explicit operator bool() const { return limiter_ != nullptr; }
    // The client's address_key.
    const std::string& client() const { return client_; }
    // Counts the connection under `client` from now on (a trusted proxy's connection, once
    // its request names the client); false, changing nothing, when `client` is at its cap.
    bool move_to(const std::string& client);

  private:
    friend class ConnectionLimiter;
    ConnectionSlot(std::shared_ptr<ConnectionLimiter> limiter, std::string client);
    void release();

    std::shared_ptr<ConnectionLimiter> limiter_;
    std::string client_;
};

class ConnectionLimiter : public std::enable_shared_from_this<ConnectionLimiter> {
  public:
    // Create with std::make_shared: slots keep the limiter alive.
    ConnectionLimiter(int max_total, int max_per_address);

    // A slot for one more connection from `client` (an address_key), or an empty slot when
    // the global cap or the client's cap is reached. A trusted proxy's connections
    // (`per_address_cap` false) count only against the global cap until they name a client.
    ConnectionSlot acquire(const std::string& client, bool per_address_cap = true);

    int open() const { return open_; }
    int open_from(const std::string& client) const;

  private:
    friend class ConnectionSlot;
    void release(const std::string& client);
    bool move(const std::string& from, const std::string& to);

    int max_total_;
    int max_per_address_;
    int open_ = 0;
    std::unordered_map<std::string, int> per_client_;
};

}  // namespace reversi::server
