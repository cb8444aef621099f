// Fuzz target: the IMCS server's line reader (server/client_lines.hpp), fed a client's bytes
// in pieces whose sizes the input also chooses, and each line's words read as the lobby reads
// offer times. The lines read must be the input's, cut at each LF with a CR before it
// dropped, within the bounds, until a bound is broken.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>
#include <string_view>

#include "referee/engine/dialects/imcs_wire.hpp"
#include "referee/server/client_lines.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const std::size_t piece = 1 + data[0] % 64;  // how the bytes arrive: 1 to 64 at a time
    const std::string_view bytes(reinterpret_cast<const char*>(data) + 1, size - 1);
    constexpr std::size_t max_line = 64, max_waiting = 8;
    referee::server::ClientLines lines(max_line, max_waiting);
    std::string expected;  // what the lines taken so far should join to
    std::string got;
    for (std::size_t at = 0; at < bytes.size(); at += piece) {
        if (!lines.add(bytes.substr(at, piece))) return 0;  // a flood: the connection closes
        if (lines.waiting() > max_waiting) std::abort();
        while (!lines.empty()) {
            const std::string line = lines.take();
            if (line.size() > max_line || line.find('\n') != std::string::npos) std::abort();
            got += line + '\n';
            std::istringstream words(line);
            for (std::string w; words >> w;) (void)referee::engine::imcs::parse_offer_time(w);
        }
    }
    // Every complete line, CR LF turned into LF.
    const std::string_view complete = bytes.substr(0, bytes.rfind('\n') + 1);
    for (std::size_t i = 0; i < complete.size(); ++i)
        if (!(complete[i] == '\r' && i + 1 < complete.size() && complete[i + 1] == '\n'))
            expected += complete[i];
    if (got != expected) std::abort();
    return 0;
}
