#include "protocol/board_text.h"

namespace hex {

namespace {

char stoneChar(Stone stone) {
    switch (stone) {
    case Stone::Black:
        return 'X';
    case Stone::White:
        return 'O';
    case Stone::Empty:
        break;
    }
    return '.';
}

std::string letters(int width, int indent) {
    std::string line(static_cast<std::size_t>(indent), ' ');
    for (int x = 0; x < width; ++x) {
        line += static_cast<char>('a' + x);
        line += ' ';
    }
    return line;
}

// Right-aligned in two columns. (Appends only: GCC 12 warns falsely on some concatenations.)
void appendPadded(std::string& text, int number) {
    if (number < 10)
        text += ' ';
    text += std::to_string(number);
}

} // namespace

std::string boardText(const Game& game) {
    const Board& board = game.board();
    const Geometry& g = board.geometry();
    std::string text = letters(g.width(), 4);
    for (int y = 0; y < g.height(); ++y) {
        text += '\n';
        text.append(static_cast<std::size_t>(y), ' ');
        appendPadded(text, y + 1);
        text += "  ";
        for (int x = 0; x < g.width(); ++x) {
            text += stoneChar(board.at(g.cell(x, y)));
            text += ' ';
        }
        text += ' ';
        text += std::to_string(y + 1);
    }
    text += '\n';
    text += letters(g.width(), g.height() + 4);
    text += '\n';
    text += colorName(game.toMove());
    text += " to move";
    if (const auto winner = board.winner()) {
        text += ", ";
        text += colorName(*winner);
        text += " has won";
    }
    return text;
}

} // namespace hex
