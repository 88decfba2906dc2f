#include "frontend/Parser.h"

#include "frontend/AstBuilder.h"

#include "ArrLexer.h"
#include "ArrParser.h"
#include "antlr4-runtime.h"

#include <algorithm>
#include <cstdio>
#include <new>
#include <string_view>

namespace arr {

using P = grammar::ArrParser;

namespace {

// ---- Checks on the raw text and the token stream ----------------------------------------

/// The byte offset of the first byte that does not start a well-formed UTF-8 sequence
/// (overlong forms, surrogates and code points above U+10FFFF included), or text.size().
/// ANTLR's input stream throws on such input, so it must never see it.
size_t firstInvalidUtf8(std::string_view text) {
  size_t at = 0;
  while (at < text.size()) {
    auto byte = [&](size_t i) { return static_cast<unsigned char>(text[i]); };
    unsigned char lead = byte(at);
    if (lead < 0x80) {
      ++at;
      continue;
    }
    size_t length = 0;
    unsigned char low = 0x80, high = 0xBF; // the allowed range of the second byte
    if (lead >= 0xC2 && lead <= 0xDF) {
      length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
      length = 3;
      if (lead == 0xE0) low = 0xA0;  // overlong
      if (lead == 0xED) high = 0x9F; // UTF-16 surrogates
    } else if (lead >= 0xF0 && lead <= 0xF4) {
      length = 4;
      if (lead == 0xF0) low = 0x90;  // overlong
      if (lead == 0xF4) high = 0x8F; // above U+10FFFF
    } else {
      return at;
    }
    if (at + length > text.size() || byte(at + 1) < low || byte(at + 1) > high) return at;
    for (size_t i = 2; i < length; ++i)
      if (byte(at + i) < 0x80 || byte(at + i) > 0xBF) return at;
    at += length;
  }
  return text.size();
}

/// The line and column (in code points) of a byte offset in text known to be valid UTF-8
/// up to that offset.
Loc locOfByte(const SourceFile& source, FileId file, size_t offset) {
  auto next = std::upper_bound(source.lineStarts.begin(), source.lineStarts.end(), offset);
  size_t line = static_cast<size_t>(next - source.lineStarts.begin());
  size_t lineStart = source.lineStarts[line - 1];
  uint32_t col = 1;
  for (size_t i = lineStart; i < offset; ++i)
    if ((static_cast<unsigned char>(source.text[i]) & 0xC0) != 0x80) ++col;
  return Loc{file, static_cast<uint32_t>(line), col};
}

std::string hexByte(unsigned value) {
  char buffer[8];
  std::snprintf(buffer, sizeof buffer, "\\x%02X", value & 0xFF);
  return buffer;
}

/// How a stray character appears in a message: itself when printable ASCII, \xNN for
/// control characters, and itself plus its code point otherwise (many look like spaces).
std::string describeCharacter(const std::string& utf8) {
  auto lead = static_cast<unsigned char>(utf8.empty() ? 0 : utf8[0]);
  std::string text = "'";
  if (lead < 0x20 || lead == 0x7F) return text.append(hexByte(lead)).append("'");
  text.append(utf8).append("'");
  if (lead < 0x80) return text;
  uint32_t codePoint = lead >= 0xF0 ? lead & 0x07 : lead >= 0xE0 ? lead & 0x0F : lead & 0x1F;
  for (size_t i = 1; i < utf8.size(); ++i)
    codePoint = (codePoint << 6) | (static_cast<unsigned char>(utf8[i]) & 0x3F);
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, " (U+%04X)", static_cast<unsigned>(codePoint));
  return text.append(buffer);
}

/// Reports, token by token, characters that start no token, unterminated strings and
/// brackets nested deeper than the limit. The depth restarts with each declaration.
class TokenChecker {
public:
  TokenChecker(FileId file, Diagnostics& diags) : file_(file), diags_(diags) {}

  /// Whether the token is acceptable; reports it otherwise.
  bool check(const antlr4::Token& token) {
    switch (token.getType()) {
    case P::ERROR_CHAR:
      return report(token,
                    "syntax error: unexpected character " + describeCharacter(token.getText()));
    case P::UNTERMINATED_STRING:
      return report(token, "syntax error: unterminated string");
    case P::LPAREN:
    case P::LBRACK:
      if (++depth_ > kMaxBracketNesting && !depthReported_) {
        depthReported_ = true;
        return report(token, "nesting too deep");
      }
      return true;
    case P::RPAREN:
    case P::RBRACK:
      // Unbalanced closers are the parser's to report; they must not buy extra depth.
      depth_ = std::max(depth_ - 1, 0);
      return true;
    default:
      return true;
    }
  }

  void startDeclaration() {
    depth_ = 0;
    depthReported_ = false;
  }

private:
  bool report(const antlr4::Token& token, const std::string& message) {
    diags_.error(tokenBegin(file_, &token), message);
    return false;
  }

  FileId file_;
  Diagnostics& diags_;
  int depth_ = 0;
  bool depthReported_ = false;
};

// ---- Syntax error messages -------------------------------------------------------------------

/// Whether the token is the end of the file, not the end of a declaration's tokens (see
/// endBefore), which stands for the keyword of the next declaration.
bool isEndOfFile(const antlr4::Token* token) {
  return token->getType() == antlr4::Token::EOF &&
         (token->getStopIndex() == INVALID_INDEX || token->getStopIndex() < token->getStartIndex());
}

std::string describeToken(const antlr4::Token* token) {
  if (isEndOfFile(token)) return "end of file";
  std::string text = token->getText();
  constexpr size_t kMaxShown = 40;
  bool cut = text.size() > kMaxShown;
  if (cut) {
    size_t end = kMaxShown;
    while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80)
      --end;
    text.resize(end);
  }
  std::string shown;
  for (char c : text) {
    auto byte = static_cast<unsigned char>(c);
    shown += byte < 0x20 || byte == 0x7F ? hexByte(byte) : std::string(1, c);
  }
  return "'" + shown + (cut ? "...'" : "'");
}

std::string describeTokenType(const antlr4::dfa::Vocabulary& vocabulary, ssize_t type) {
  // Each declaration is parsed on its own (see parseValidText), so its end is expected.
  if (type == -1 || static_cast<size_t>(type) == antlr4::Token::EOF) return "end of declaration";
  switch (type) {
  case P::NAME:
    return "identifier";
  case P::INT:
    return "integer literal";
  case P::FLOAT:
    return "float literal";
  case P::STRING:
    return "string";
  case P::PROJ:
    return "tuple index";
  default:
    break;
  }
  std::string literal = vocabulary.getLiteralName(static_cast<size_t>(type));
  return literal.empty() ? vocabulary.getSymbolicName(static_cast<size_t>(type)) : literal;
}

/// `, expected X`, `, expected X or Y`, `, expected one of X, Y, Z`; nothing when the set
/// is empty or too large to help.
std::string describeExpected(const antlr4::dfa::Vocabulary& vocabulary,
                             const antlr4::misc::IntervalSet& expected) {
  constexpr size_t kMaxListed = 6;
  if (expected.isEmpty() || expected.size() > kMaxListed) return "";
  std::vector<ssize_t> types = expected.toList();
  std::string text = types.size() > 2 ? ", expected one of " : ", expected ";
  for (size_t i = 0; i < types.size(); ++i) {
    if (i > 0) text += types.size() == 2 ? " or " : ", ";
    text += describeTokenType(vocabulary, types[i]);
  }
  return text;
}

struct NestingTooDeep {
  antlr4::Token* at;
};

/// Stops before recursion could exhaust the stack or the AST become too deep for later
/// stages. Every nested expression, type or dimension enters a left-recursive rule, and
/// every operator of a left-associative chain pushes one more context onto it; together
/// they are the depth of the tree being built.
class DepthLimitedParser : public P {
public:
  using P::enterRecursionRule;
  using P::P;

  void enterRecursionRule(antlr4::ParserRuleContext* localctx, size_t state, size_t ruleIndex,
                          int precedence) override {
    // Checked before entering, so that unwinding pops exactly what was pushed.
    if (depth_ + 1 > kMaxExprNesting) throw NestingTooDeep{getCurrentToken()};
    P::enterRecursionRule(localctx, state, ruleIndex, precedence);
    levels_.push_back(1);
    ++depth_;
  }

  void pushNewRecursionContext(antlr4::ParserRuleContext* localctx, size_t state,
                               size_t ruleIndex) override {
    if (depth_ + 1 > kMaxExprNesting) throw NestingTooDeep{getCurrentToken()};
    P::pushNewRecursionContext(localctx, state, ruleIndex);
    ++levels_.back();
    ++depth_;
  }

  void unrollRecursionContexts(antlr4::ParserRuleContext* parentctx) override {
    depth_ -= levels_.back();
    levels_.pop_back();
    P::unrollRecursionContexts(parentctx);
  }

  size_t depth() const { return depth_; }

private:
  std::vector<size_t> levels_; // per active left-recursive invocation: contexts it pushed
  size_t depth_ = 0;
};

/// Ends the parse of a declaration after its first error when that error is nested deeply:
/// ANTLR's recovery then walks the whole rule stack at every level it unwinds, which takes
/// time quadratic in the depth (seconds for 10,000 unclosed parentheses).
struct AbandonDeclaration {};

/// ANTLR's recovery with messages of the form `syntax error: unexpected X, expected Y`.
class SyntaxErrorStrategy : public antlr4::DefaultErrorStrategy {
public:
  explicit SyntaxErrorStrategy(const DepthLimitedParser& parser) : parser_(parser) {}

protected:
  void reportNoViableAlternative(antlr4::Parser* parser,
                                 const antlr4::NoViableAltException& e) override {
    // The expected set describes the decision's first token; after a longer lookahead
    // it would list tokens for the wrong position.
    bool atDecisionStart = e.getStartToken() == e.getOffendingToken();
    report(parser, e.getOffendingToken(), atDecisionStart ? expectedOf(e) : Set());
  }
  void reportInputMismatch(antlr4::Parser* parser,
                           const antlr4::InputMismatchException& e) override {
    report(parser, e.getOffendingToken(), expectedOf(e));
  }
  void reportFailedPredicate(antlr4::Parser* parser,
                             const antlr4::FailedPredicateException& e) override {
    report(parser, e.getOffendingToken(), Set());
  }
  void reportUnwantedToken(antlr4::Parser* parser) override { reportAtCurrentToken(parser); }
  void reportMissingToken(antlr4::Parser* parser) override { reportAtCurrentToken(parser); }

private:
  using Set = antlr4::misc::IntervalSet;

  static Set expectedOf(const antlr4::RecognitionException& e) {
    try {
      return e.getExpectedTokens();
    } catch (const std::exception&) { // the set is only a hint
      return Set();
    }
  }

  void reportAtCurrentToken(antlr4::Parser* parser) {
    if (inErrorRecoveryMode(parser)) return;
    beginErrorCondition(parser);
    Set expected;
    try {
      expected = getExpectedTokens(parser);
    } catch (const std::exception&) {
    }
    report(parser, parser->getCurrentToken(), expected);
  }

  /// Inside the brackets of an array type, where a dimension or its end is expected.
  static bool inDimension(antlr4::Parser* parser, const Set& expected) {
    for (auto* context = parser->getContext(); context;
         context = dynamic_cast<antlr4::ParserRuleContext*>(context->parent))
      if (context->getRuleIndex() == P::RuleDim || context->getRuleIndex() == P::RuleDimList)
        return true;
    auto* type = dynamic_cast<P::ArrayTypeContext*>(parser->getContext());
    return type && !type->RBRACK() && expected.contains(size_t{P::RBRACK});
  }

  /// Where a name is wanted: the expected tokens say so, or a declaration keyword precedes.
  static bool wantsName(antlr4::Parser* parser, const antlr4::Token* token, const Set& expected) {
    if (expected.contains(size_t{P::NAME})) return true;
    size_t index = token->getTokenIndex();
    if (index == 0 || index == INVALID_INDEX) return false;
    size_t previous = parser->getTokenStream()->get(index - 1)->getType();
    return previous == P::DEF || previous == P::ENTRY;
  }

  static std::string message(antlr4::Parser* parser, antlr4::Token* token, const Set& expected) {
    std::string unexpected = "syntax error: unexpected " + describeToken(token);
    switch (token->getType()) {
    case P::F64:
    case P::F32:
    case P::I64:
    case P::BOOL:
      if (wantsName(parser, token, expected))
        return unexpected + ": it is a reserved type name and cannot name anything";
      break;
    case P::SLASH:
    case P::PERCENT:
    case P::POW:
      if (inDimension(parser, expected))
        return unexpected + " in a dimension: dimensions allow only +, - and *";
      break;
    default:
      break;
    }
    return unexpected + describeExpected(parser->getVocabulary(), expected);
  }

  void report(antlr4::Parser* parser, antlr4::Token* token, const Set& expected) {
    std::string message = this->message(parser, token, expected);
    parser->notifyErrorListeners(token, message, std::current_exception());
    constexpr size_t kMaxRecoveryDepth = 1000;
    if (parser_.depth() > kMaxRecoveryDepth) throw AbandonDeclaration{};
  }

  const DepthLimitedParser& parser_;
};

/// Unwinds the parse once so many errors were reported that no more would be printed.
struct TooManyErrors {};

class DiagnosticsListener : public antlr4::BaseErrorListener {
public:
  DiagnosticsListener(FileId file, Diagnostics& diags) : file_(file), diags_(diags) {}

  void syntaxError(antlr4::Recognizer*, antlr4::Token* offending, size_t line,
                   size_t charPositionInLine, const std::string& message,
                   std::exception_ptr) override {
    Loc loc = offending ? tokenBegin(file_, offending)
                        : Loc{file_, static_cast<uint32_t>(line),
                              static_cast<uint32_t>(charPositionInLine + 1)};
    // Our strategy words parser messages; the lexer never fails (see ERROR_CHAR), but
    // keep its messages recognisable should it ever do so.
    bool worded = message.rfind("syntax error: ", 0) == 0;
    diags_.error(loc, worded ? message : "syntax error: " + message);
    if (diags_.errorCount() > Diagnostics::kMaxReported) throw TooManyErrors{};
  }

private:
  FileId file_;
  Diagnostics& diags_;
};

// ---- Input ----------------------------------------------------------------------------------

/// ANTLR's input stream over text already known to be valid UTF-8. The stock one converts
/// with std::wstring_convert, which throws on bad input and is slow on large files.
class Utf8InputStream : public antlr4::ANTLRInputStream {
public:
  explicit Utf8InputStream(std::string_view text) {
    _data.reserve(text.size());
    for (size_t at = 0; at < text.size();) {
      auto lead = static_cast<unsigned char>(text[at]);
      size_t length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
      char32_t codePoint = length == 1   ? lead
                           : length == 2 ? lead & 0x1F
                           : length == 3 ? lead & 0x0F
                                         : lead & 0x07;
      for (size_t i = 1; i < length; ++i)
        codePoint = (codePoint << 6) | (static_cast<unsigned char>(text[at + i]) & 0x3F);
      _data.push_back(codePoint);
      at += length;
    }
  }

  std::string getText(const antlr4::misc::Interval& interval) override {
    if (interval.a < 0 || interval.b < interval.a) return "";
    size_t begin = static_cast<size_t>(interval.a);
    size_t end = std::min(static_cast<size_t>(interval.b) + 1, _data.size());
    std::string text;
    for (size_t i = begin; i < end; ++i)
      appendUtf8(_data[i], text);
    return text;
  }

private:
  static void appendUtf8(char32_t c, std::string& out) {
    if (c < 0x80) {
      out += static_cast<char>(c);
    } else if (c < 0x800) {
      out += static_cast<char>(0xC0 | (c >> 6));
      out += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
      out += static_cast<char>(0xE0 | (c >> 12));
      out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (c >> 18));
      out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (c & 0x3F));
    }
  }
};

// ---- The parser ---------------------------------------------------------------------------------

void usePredictionMode(P& parser, antlr4::atn::PredictionMode mode) {
  parser.getInterpreter<antlr4::atn::ParserATNSimulator>()->setPredictionMode(mode);
}

/// Parses one declaration's tokens (they end with EOF); std::nullopt after reporting its
/// errors. Two stages: SLL prediction that gives up at the first error, which succeeds on
/// nearly every correct declaration and then builds the same tree as LL; on failure, full
/// LL with ANTLR's error recovery, which reports every error at its token.
std::optional<ast::Decl> parseDeclaration(std::vector<std::unique_ptr<antlr4::Token>> tokens,
                                          FileId file, Diagnostics& diags,
                                          DiagnosticsListener& listener) {
  antlr4::ListTokenSource source(std::move(tokens));
  antlr4::CommonTokenStream stream(&source);
  try {
    {
      DepthLimitedParser parser(&stream);
      parser.removeErrorListeners();
      parser.setErrorHandler(std::make_shared<antlr4::BailErrorStrategy>());
      usePredictionMode(parser, antlr4::atn::PredictionMode::SLL);
      try {
        P::DeclarationContext* tree = parser.declaration();
        return AstBuilder(file, diags).buildDecl(tree->decl());
      } catch (const antlr4::ParseCancellationException&) {
      }
    }
    stream.seek(0);
    DepthLimitedParser parser(&stream);
    parser.removeErrorListeners();
    parser.addErrorListener(&listener);
    parser.setErrorHandler(std::make_shared<SyntaxErrorStrategy>(parser));
    usePredictionMode(parser, antlr4::atn::PredictionMode::LL);
    P::DeclarationContext* tree = nullptr;
    try {
      tree = parser.declaration();
    } catch (const AbandonDeclaration&) {
      return std::nullopt;
    }
    if (parser.getNumberOfSyntaxErrors() > 0) return std::nullopt;
    return AstBuilder(file, diags).buildDecl(tree->decl());
  } catch (const NestingTooDeep& deep) {
    diags.error(tokenBegin(file, deep.at), "nesting too deep");
    return std::nullopt;
  }
}

/// The end of one declaration's tokens: EOF at the place of the keyword that starts the
/// next one, so that errors at the end of a declaration point at that keyword.
std::unique_ptr<antlr4::Token> endBefore(const antlr4::Token& next) {
  auto end = std::make_unique<antlr4::CommonToken>(const_cast<antlr4::Token*>(&next));
  end->setType(antlr4::Token::EOF);
  return end;
}

std::optional<ast::Module> parseValidText(const SourceFile& source, FileId file,
                                          Diagnostics& diags) {
  Utf8InputStream input(source.text);
  grammar::ArrLexer lexer(&input);
  DiagnosticsListener listener(file, diags);
  lexer.removeErrorListeners();
  lexer.addErrorListener(&listener);
  TokenChecker checker(file, diags);

  ast::Module module;
  module.file = file;
  module.path = source.path;
  bool ok = true;
  // The tokens of the declaration being read. A declaration with a lexical error is not
  // parsed: its tokens are dropped once the error is reported.
  std::vector<std::unique_ptr<antlr4::Token>> pending;
  bool pendingValid = true;
  auto finishDeclaration = [&](std::unique_ptr<antlr4::Token> end) {
    if (pendingValid && !pending.empty()) {
      pending.push_back(std::move(end));
      std::optional<ast::Decl> decl = parseDeclaration(std::move(pending), file, diags, listener);
      if (decl)
        module.decls.push_back(std::move(*decl));
      else
        ok = false;
    }
    pending.clear();
    pendingValid = true;
    checker.startDeclaration();
  };

  try {
    for (;;) {
      std::unique_ptr<antlr4::Token> token = lexer.nextToken();
      size_t type = token->getType();
      if (type == antlr4::Token::EOF) {
        finishDeclaration(std::move(token));
        break;
      }
      if (type == P::IMPORT || type == P::DEF || type == P::ENTRY)
        finishDeclaration(endBefore(*token));
      if (!checker.check(*token)) {
        ok = pendingValid = false;
        pending.clear();
      }
      if (pendingValid) pending.push_back(std::move(token));
    }
  } catch (const TooManyErrors&) {
    return std::nullopt;
  }
  if (!ok) return std::nullopt;
  return module;
}

} // namespace

std::optional<ast::Module> parseModule(const SourceManager& sources, FileId file,
                                       Diagnostics& diags) {
  try {
    const SourceFile& source = sources.file(file);
    size_t invalid = firstInvalidUtf8(source.text);
    if (invalid != source.text.size()) {
      diags.error(locOfByte(source, file, invalid), "invalid UTF-8 byte");
      return std::nullopt;
    }
    return parseValidText(source, file, diags);
  } catch (const std::bad_alloc&) {
    diags.error(Loc{file, 0, 0}, "out of memory while parsing " + sources.file(file).path);
  } catch (const std::exception& e) {
    diags.error(Loc{file, 0, 0}, std::string("internal error in the parser: ") + e.what());
  } catch (...) {
    diags.error(Loc{file, 0, 0}, "internal error in the parser");
  }
  return std::nullopt;
}

} // namespace arr
