// SPDX-License-Identifier: MIT
// The metrics page's own listener (`serve --metrics-port`): GET /metrics answers the
// Prometheus text of `Metrics`, nothing else is served, and with a token only a request
// carrying `Authorization: Bearer TOKEN` is answered. Kept off the public port so that the
// site's visitors never reach it; bound to the loopback address unless told otherwise.
#pragma once

#include <memory>
#include <string>

#include "server/common/metrics.h"
#include "server/common/net.h"
#include "server/net/accept_loop.h"

namespace reversi::server {

class MetricsListener : public std::enable_shared_from_this<MetricsListener> {
  public:
    // Binds and listens; throws boost::system::system_error when the port is unavailable.
    MetricsListener(net::io_context& ioc, tcp::endpoint endpoint, const Metrics& metrics,
                    std::string token);
    ~MetricsListener();
    unsigned short port() const { return accept_->port(); }
    void run();
    void stop();

  private:
    void answer(tcp::socket socket);

    const Metrics& metrics_;
    const std::string token_;
    std::shared_ptr<int> open_ = std::make_shared<int>(0);  // scrapes being answered
    std::shared_ptr<AcceptLoop> accept_;
};

}  // namespace reversi::server
