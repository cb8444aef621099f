#include "browser.hpp"

#include <sys/socket.h>
#include <unistd.h>

#include <cstdlib>
#include <sstream>
#include <stdexcept>
#include <thread>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/websocket.hpp>
#include <nlohmann/json.hpp>

#include "live_client.hpp"
#include "tests/support/chromium.hpp"
#include "tests/support/files.hpp"

namespace live_test {

namespace fs = std::filesystem;
namespace websocket = boost::beast::websocket;
using boost::asio::ip::tcp;

struct Browser::Socket {
    boost::asio::io_context io;
    websocket::stream<tcp::socket> ws{io};
};

Browser::Browser(const fs::path& folder) {
    const auto chromium = referee::test::find_chromium();
    if (!chromium)
        throw std::runtime_error("Chromium is not installed: apt-get install -y chromium");
    const fs::path profile = folder / "profile";
    fs::create_directories(profile);
    process_ = std::make_unique<referee::test::Background>(
        *chromium,
        std::vector<std::string>{
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--disable-background-timer-throttling", "--user-data-dir=" + profile.string(),
            "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0", "about:blank"},
        folder, "chromium");
    // Chromium names its DevTools port in the profile once it listens.
    int port = 0;
    for (int i = 0; i < 600 && port == 0; ++i) {
        const std::string text = referee::test::read_text(profile / "DevToolsActivePort");
        if (!text.empty() && text.find('\n') != std::string::npos)
            port = std::atoi(text.c_str());
        else
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    if (port == 0) throw std::runtime_error("Chromium did not start: " + process_->err());
    std::string socket_path;
    for (int i = 0; i < 100 && socket_path.empty(); ++i) {
        const auto list = http(port, "/json/list");
        if (list.status == 200)
            for (const auto& t : nlohmann::json::parse(list.body))
                if (t.value("type", "") == "page" && t.contains("webSocketDebuggerUrl")) {
                    const std::string ws = t["webSocketDebuggerUrl"];
                    socket_path = ws.substr(ws.find('/', 5));
                }
        if (socket_path.empty()) std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    if (socket_path.empty()) throw std::runtime_error("Chromium has no page to drive");
    socket_ = std::make_unique<Socket>();
    socket_->ws.next_layer().connect(
        {boost::asio::ip::make_address("127.0.0.1"), static_cast<unsigned short>(port)});
    // A stuck browser fails the read instead of hanging the test.
    timeval limit{20, 0};
    ::setsockopt(socket_->ws.next_layer().native_handle(), SOL_SOCKET, SO_RCVTIMEO, &limit,
                 sizeof limit);
    socket_->ws.handshake("127.0.0.1:" + std::to_string(port), socket_path);
}

Browser::~Browser() {
    if (socket_) {
        boost::system::error_code ec;
        socket_->ws.next_layer().close(ec);
    }
    socket_.reset();
    process_.reset();
}

nlohmann::json Browser::call(const std::string& method, const nlohmann::json& params) {
    const int id = next_id_++;
    const nlohmann::json request = {{"id", id}, {"method", method}, {"params", params}};
    socket_->ws.write(boost::asio::buffer(request.dump()));
    while (true) {
        boost::beast::flat_buffer buffer;
        socket_->ws.read(buffer);
        auto answer = nlohmann::json::parse(boost::beast::buffers_to_string(buffer.data()));
        if (answer.value("id", 0) == id) return answer;  // else an event, or an older answer
    }
}

void Browser::open(const std::string& url) {
    call("Page.navigate", {{"url", url}});
}

std::string Browser::eval(const std::string& expression) {
    const auto answer =
        call("Runtime.evaluate", {{"expression", expression}, {"returnByValue", true}});
    const auto& result = answer.at("result").at("result");
    if (result.contains("value") && result["value"].is_string()) return result["value"];
    return result.dump();
}

}  // namespace live_test
