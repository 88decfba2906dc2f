// The grammar of Arr (LANGUAGE.md sections 2 to 5).
//
// Written for speed on deep and long inputs: every decision is LL(1) (a parenthesised
// expression and a tuple share one alternative, so is an array literal of any length),
// and the expression, type and dimension rules are left-recursive precedence rules,
// so a nesting level costs one rule invocation.
//
// A module is a sequence of declarations. `import`, `def` and `entry` appear nowhere
// else, so the parser wrapper (frontend/Parser.cpp) splits the token stream before each
// of them and parses one `declaration` at a time: memory stays bounded by the largest
// declaration, and error recovery never runs past a declaration.

grammar Arr;

declaration
  : decl EOF
  ;

decl
  : IMPORT STRING                                                               # importDecl
  | DEF NAME ASSIGN expr                                                        # constantDecl
  | DEF NAME typeParams? LPAREN paramList? RPAREN (COLON type)? ASSIGN expr     # functionDecl
  | ENTRY NAME LPAREN paramList? RPAREN (COLON type)? ASSIGN expr               # entryDecl
  ;

typeParams
  : LT NAME (COMMA NAME)* GT
  ;

paramList
  : param (COMMA param)*
  ;

param
  : NAME COLON type
  ;

// ---- Types ----------------------------------------------------------------------------
// The array prefix binds tighter than '->', so `[n]f64 -> f64` takes an array.

type
  : LBRACK dimList? RBRACK type                  # arrayType
  | <assoc=right> type ARROW type                # functionType
  | elem=(F64 | F32 | I64 | BOOL)                # elemType
  | LPAREN type (COMMA type)* RPAREN             # parenType
  | NAME                                         # typeVar
  ;

dimList
  : dim (COMMA dim)*
  ;

dim
  : dim op=STAR dim                              # binaryDim
  | dim op=(PLUS | MINUS) dim                     # binaryDim
  | INT                                          # intDim
  | NAME                                         # nameDim
  | LPAREN dim RPAREN                            # parenDim
  ;

// ---- Expressions ------------------------------------------------------------------------
// Alternatives listed first bind tighter. The prefix forms listed last (let, if, lambda)
// end with a lowest-precedence expression, so they extend as far right as possible,
// also when they are the right operand of a binary operator.

expr
  : expr LPAREN (expr (COMMA expr)*)? RPAREN                 # callExpr
  | expr LBRACK expr (COMMA expr)* RBRACK                    # indexExpr
  | expr PROJ                                                # projectExpr
  | <assoc=right> expr op=POW expr                           # binaryExpr
  | op=(MINUS | BANG) expr                                   # unaryExpr
  | expr op=(STAR | SLASH | PERCENT) expr                    # binaryExpr
  | expr op=(PLUS | MINUS) expr                              # binaryExpr
  | expr op=(EQ | NE | LT | LE | GT | GE) expr               # binaryExpr
  | expr op=AND expr                                         # binaryExpr
  | expr op=OR expr                                          # binaryExpr
  | NAME                                                     # nameExpr
  | name=(F64 | F32 | I64 | BOOL)                            # conversionNameExpr
  | INT                                                      # intExpr
  | FLOAT                                                    # floatExpr
  | value=(TRUE | FALSE)                                     # boolExpr
  | LPAREN expr (COMMA expr)* RPAREN                         # parenExpr
  | LBRACK expr (COMMA expr)* RBRACK                         # arrayExpr
  | (LET pattern ASSIGN expr)+ IN expr                       # letExpr
  | IF expr THEN expr ELSE expr                              # ifExpr
  | BACKSLASH NAME+ ARROW expr                               # lambdaExpr
  ;

pattern
  : NAME                                         # namePattern
  | LPAREN pattern (COMMA pattern)* RPAREN       # tuplePattern
  ;

// ---- Tokens -------------------------------------------------------------------------------

IMPORT : 'import' ;
DEF    : 'def' ;
ENTRY  : 'entry' ;
LET    : 'let' ;
IN     : 'in' ;
IF     : 'if' ;
THEN   : 'then' ;
ELSE   : 'else' ;
TRUE   : 'true' ;
FALSE  : 'false' ;
F64    : 'f64' ;
F32    : 'f32' ;
I64    : 'i64' ;
BOOL   : 'bool' ;

ARROW     : '->' ;
BACKSLASH : '\\' ;
POW       : '**' ;
STAR      : '*' ;
SLASH     : '/' ;
PERCENT   : '%' ;
PLUS      : '+' ;
MINUS     : '-' ;
EQ        : '==' ;
NE        : '!=' ;
LE        : '<=' ;
GE        : '>=' ;
LT        : '<' ;
GT        : '>' ;
AND       : '&&' ;
OR        : '||' ;
BANG      : '!' ;
ASSIGN    : '=' ;
COLON     : ':' ;
COMMA     : ',' ;
LPAREN    : '(' ;
RPAREN    : ')' ;
LBRACK    : '[' ;
RBRACK    : ']' ;

// `t.0.1` is two projections: after a '.', digits are a tuple index, never a float.
PROJ  : '.' DIGITS ;
FLOAT : DIGITS '.' DIGITS? EXPONENT? | DIGITS EXPONENT ;
INT   : DIGITS ;
NAME  : [A-Za-z_] [A-Za-z0-9_']* ;

STRING : '"' ~["\r\n]* '"' ;
// Lexed as a token of its own so the parser wrapper reports it as one error.
UNTERMINATED_STRING : '"' ~["\r\n]* ;

COMMENT : '--' ~[\r\n]* -> skip ;
WS      : [ \t\r\n\f\uFEFF]+ -> skip ;

// Any character that starts no token. Lexing never fails; the parser wrapper reports
// these before parsing.
ERROR_CHAR : . ;

fragment DIGITS   : [0-9]+ ;
fragment EXPONENT : [eE] [+-]? DIGITS ;
