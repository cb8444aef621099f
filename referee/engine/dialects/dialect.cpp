#include "referee/engine/dialects/dialect.hpp"

#include <fmt/format.h>

#include "referee/rules/base/move_text.hpp"
#include "referee/rules/notation/usi_notation.hpp"
#include "referee/rules/probes/explain.hpp"
#include "referee/rules/text/printable.hpp"

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
        case Protocol::Xboard:
            return make_xboard_dialect(context);
        case Protocol::Usi:
            return make_usi_dialect(context);
    }
    return make_uci_dialect(context);
}

std::string illegal_move_sentence(const rules::Position& position, std::string_view text,
                                  const rules::MoveError& error) {
    try {
        rules::parse_move_text(position.rules().geometry(), text);  // coordinates only
    } catch (const std::exception&) {
        return error.what();  // SAN, USI: the rules' own sentence
    }
    const std::string why = rules::explain_illegal(position, text);
    if (why.empty()) return error.what();
    return fmt::format("{} is not a legal move for {}: {}", rules::printable_excerpt(text),
                       rules::color_name(position.side_to_move()), why);
}

void read_move(const rules::Position& position, std::string_view text, DialectHost& host,
               rules::MoveStyle style) {
    rules::Move move;
    try {
        move = style == rules::MoveStyle::Usi ? rules::parse_usi_move(position, text)
                                              : position.parse_move(text);
    } catch (const rules::MoveError& e) {
        if (e.kind() == rules::MoveError::Kind::Unparsable) return host.unreadable(e.what());
        return host.illegal_move(style == rules::MoveStyle::Usi
                                     ? std::string(e.what())
                                     : illegal_move_sentence(position, text, e));
    }
    host.move(move);
}

DialectTraits dialect_traits(Protocol protocol) {
    switch (protocol) {
        case Protocol::Uci:
        case Protocol::Usi:     // an SFEN
        case Protocol::Xboard:  // setboard or edit; reuse=0 makes its dialect one_game()
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
