#include "referee/engine/dialect.hpp"

namespace referee::engine {

std::unique_ptr<Dialect> make_dialect(DialectContext context) {
    switch (context.config.protocol) {
        case Protocol::Uci:
            return make_uci_dialect(context);
        case Protocol::Imcs:
            return make_imcs_dialect(context);
        case Protocol::Plain:
            return make_plain_dialect(context);
        case Protocol::ImcsTcp:
            return make_imcs_tcp_dialect(context);
    }
    return make_uci_dialect(context);
}

}  // namespace referee::engine
