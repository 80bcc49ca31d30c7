// SPDX-License-Identifier: MIT
// A reverse proxy for tests, doing what deploy/nginx.conf does in miniature: it listens on a
// loopback port, hands each request to the next of its nodes in turn, and appends the
// address its client connected from to X-Forwarded-For (as nginx's
// $proxy_add_x_forwarded_for does), so a client can add entries but never remove the one the
// proxy wrote. It speaks to the nodes from 127.0.0.1, the address they trust. One request per
// connection, served one at a time: the test browsers close after each answer.
#pragma once

#include <atomic>
#include <boost/asio.hpp>
#include <boost/beast.hpp>
#include <thread>
#include <vector>

namespace reversi::server::testing_support {

class ForwardingProxy {
  public:
    explicit ForwardingProxy(std::vector<unsigned short> nodes)
        : nodes_(std::move(nodes)),
          acceptor_(ioc_, tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), 0)) {
        accept();
        thread_ = std::thread([this] { ioc_.run(); });
    }
    ~ForwardingProxy() {
        ioc_.stop();
        thread_.join();
    }
    ForwardingProxy(const ForwardingProxy&) = delete;
    ForwardingProxy& operator=(const ForwardingProxy&) = delete;

    unsigned short port() const { return acceptor_.local_endpoint().port(); }
    // Requests handed to each node, in the order of the constructor's list.
    std::vector<int> forwarded() const {
        std::vector<int> out;
        for (const auto& n : forwarded_) out.push_back(n.load());
        return out;
    }

  private:
    using tcp = boost::asio::ip::tcp;

    void accept() {
        acceptor_.async_accept([this](boost::system::error_code ec, tcp::socket client) {
            if (ec) return;
            try {
                forward(client);
            } catch (const std::exception&) {
                // A client or node that hung up: the test sees it in its own answer.
            }
            accept();
        });
    }

    void forward(tcp::socket& client) {
        namespace http = boost::beast::http;
        boost::beast::flat_buffer buffer;
        http::request<http::string_body> req;
        http::read(client, buffer, req);
        const std::string peer = client.remote_endpoint().address().to_string();
        const auto seen = req.find("X-Forwarded-For");
        req.set("X-Forwarded-For",
                seen == req.end() ? peer : std::string(seen->value()) + ", " + peer);
        const size_t node = next_++ % nodes_.size();
        forwarded_[node]++;
        tcp::socket upstream(ioc_);
        upstream.connect(tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), nodes_[node]));
        http::write(upstream, req);
        boost::beast::flat_buffer from_node;
        http::response<http::string_body> res;
        http::read(upstream, from_node, res);
        http::write(client, res);
        boost::system::error_code ignored;
        client.shutdown(tcp::socket::shutdown_both, ignored);
    }

    std::vector<unsigned short> nodes_;
    std::vector<std::atomic<int>> forwarded_ = std::vector<std::atomic<int>>(nodes_.size());
    size_t next_ = 0;
    boost::asio::io_context ioc_;
    tcp::acceptor acceptor_;
    std::thread thread_;
};

}  // namespace reversi::server::testing_support
