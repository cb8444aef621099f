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

DialectTraits dialect_traits(Protocol protocol) {
    switch (protocol) {
        case Protocol::Uci:
            return {GameStart::AnyPosition, false};
        case Protocol::Imcs:
            return {GameStart::BoardEachMove, false};
        case Protocol::ImcsTcp:
            return {GameStart::BoardEachMove, true};
        case Protocol::Plain:
            return {GameStart::StartOnly, true};
    }
    return {};
}

}  // namespace referee::engine
