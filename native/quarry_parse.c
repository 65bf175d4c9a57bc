/*
** quarry_parse: tree-sitter parsing, and finding the nodes extract.ts's
** query captures, compiled to native code, for the grammars listed in
** GRAMMARS below. The wasm build (web-tree-sitter) parses kernel C at about
** 6 MB/s; the same runtime sources (web-tree-sitter's own lib/, so the same
** version) and the same grammar (tree-sitter-c 0.20.8, which
** tree-sitter-wasms built its wasm from) parse it about 1.5x as fast here.
**
** That query is one pattern, an alternation of node types, so its captures
** are the named nodes of those types in document order (a node before the
** nodes inside it). A cursor walking the tree finds the same nodes in the
** same order for a fraction of the query engine's work.
**
** The trees are the wasm build's only when the text is given as UTF-16, as
** web-tree-sitter gives it: error recovery weighs what it skips in bytes, so
** UTF-8 input recovers otherwise from some syntax errors (62 of fs/'s 1,897
** files gave other captures). Positions come back in UTF-16 code units, as
** web-tree-sitter's startIndex.
**
** The module only reads the tree. What a node means (a definition, a call,
** an import) is decided in src/ingest/symbols/extract.ts, from the numbers
** captures() returns; the node types and field names come from there too.
*/
#include <node_api.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "tree_sitter/api.h"

const TSLanguage *tree_sitter_c(void);

static const struct { const char *name; const TSLanguage *(*language)(void); } GRAMMARS[] = {
  { "c", tree_sitter_c },
};

/* Ints per capture in the array captures() returns (see RECORD_* and symbols/native-parse.ts). */
#define RECORD_INTS 13
enum {
  RECORD_TYPE, RECORD_START, RECORD_END, RECORD_START_ROW, RECORD_END_ROW,
  RECORD_NAME_START, RECORD_NAME_END, RECORD_HAS_BODY,
  RECORD_CALLEE_START, RECORD_CALLEE_END,
  RECORD_MODULE_START, RECORD_MODULE_END, RECORD_MODULE_FROM_FIELD,
};
/* lastIdentifier's depth bound, as in extract.ts. */
#define IDENTIFIER_DEPTH_MAX 6
#define FIELDS_MAX 8
#define CATEGORY_DEFINITION 1
#define CATEGORY_CALL 2
#define CATEGORY_IMPORT 4

typedef struct {
  const TSLanguage *language;
  /* Whether any of the types passed to grammar() is a named node type of the grammar. */
  int has_types;
  uint32_t symbol_count;
  /* Per symbol (aliases included): index of its name in the types passed to grammar(), or -1. */
  int32_t *type_index;
  uint8_t *category;
  uint8_t *identifier;
  TSFieldId member_fields[FIELDS_MAX], callee_fields[FIELDS_MAX], module_fields[FIELDS_MAX];
  uint32_t member_count, callee_count, module_count;
  TSFieldId name_field, declarator_field, body_field, type_field;
  TSSymbol impl_item;
} Grammar;

/* One per thread (N-API environment): a parser and reusable buffers. */
typedef struct {
  TSParser *parser;
  uint16_t *units;
  size_t units_capacity;
  int32_t *records;
  size_t records_capacity;
} Instance;

static void instance_free(napi_env env, void *data, void *hint) {
  (void)env; (void)hint;
  Instance *instance = data;
  ts_parser_delete(instance->parser);
  free(instance->units);
  free(instance->records);
  free(instance);
}

static void grammar_free(napi_env env, void *data, void *hint) {
  (void)env; (void)hint;
  Grammar *grammar = data;
  free(grammar->type_index);
  free(grammar->category);
  free(grammar->identifier);
  free(grammar);
}

/* Marks a grammar's external, so captures() refuses any other external handed to it (another module's builder). */
static const napi_type_tag GRAMMAR_TAG = { 0x7175617272797061ULL, 0x7273656772616d31ULL };

static napi_value throw_error(napi_env env, const char *message) {
  napi_throw_error(env, NULL, message);
  return NULL;
}

/* A JS string as UTF-8 (malloc'd, caller frees), or NULL. */
static char *utf8_of(napi_env env, napi_value value) {
  size_t length;
  if (napi_get_value_string_utf8(env, value, NULL, 0, &length) != napi_ok) return NULL;
  char *text = malloc(length + 1);
  if (text && napi_get_value_string_utf8(env, value, text, length + 1, &length) != napi_ok) { free(text); return NULL; }
  return text;
}

static uint32_t array_length(napi_env env, napi_value array) {
  uint32_t length = 0;
  napi_get_array_length(env, array, &length);
  return length;
}

static char *array_item(napi_env env, napi_value array, uint32_t i) {
  napi_value item;
  if (napi_get_element(env, array, i, &item) != napi_ok) return NULL;
  return utf8_of(env, item);
}

/* Marks every symbol named `name` (a symbol and the aliases spelled like it). */
static void mark_symbols(Grammar *g, const char *name, int32_t index, uint8_t category, int identifier) {
  for (uint32_t s = 0; s < g->symbol_count; s++) {
    /* web-tree-sitter names regular and anonymous symbols only; any other node's type reads 'ERROR'. */
    if (ts_language_symbol_type(g->language, (TSSymbol)s) >= TSSymbolTypeSupertype) continue;
    const char *symbol_name = ts_language_symbol_name(g->language, (TSSymbol)s);
    if (!symbol_name || strcmp(symbol_name, name) != 0) continue;
    if (identifier) { g->identifier[s] = 1; continue; }
    if (g->type_index[s] < 0) g->type_index[s] = index;
    g->category[s] |= category;
  }
}

static uint32_t field_ids(Grammar *g, napi_env env, napi_value names, TSFieldId *out) {
  uint32_t count = 0;
  uint32_t length = array_length(env, names);
  for (uint32_t i = 0; i < length && count < FIELDS_MAX; i++) {
    char *name = array_item(env, names, i);
    if (!name) continue;
    TSFieldId id = ts_language_field_id_for_name(g->language, name, (uint32_t)strlen(name));
    free(name);
    /* A field the grammar lacks is skipped, as web-tree-sitter's childForFieldName answers null for it. */
    if (id) out[count++] = id;
  }
  return count;
}

static TSFieldId field_id(const TSLanguage *language, const char *name) {
  return ts_language_field_id_for_name(language, name, (uint32_t)strlen(name));
}

/*
** grammar(name, types, categories, identifierTypes, memberFields, calleeFields, moduleFields):
** the grammar `name`, capturing every named node type of `types` the grammar has
** (categories[i]: 1 definition, 2 call, 4 import, or'ed), or null when the module lacks the grammar.
*/
static napi_value grammar_new(napi_env env, napi_callback_info info) {
  size_t argc = 7;
  napi_value argv[7];
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  if (argc < 7) return throw_error(env, "grammar() takes 7 arguments");
  char *name = utf8_of(env, argv[0]);
  if (!name) return throw_error(env, "grammar(): the name must be a string");
  const TSLanguage *language = NULL;
  for (size_t i = 0; i < sizeof GRAMMARS / sizeof GRAMMARS[0]; i++) if (strcmp(GRAMMARS[i].name, name) == 0) language = GRAMMARS[i].language();
  free(name);
  napi_value result;
  if (!language) { napi_get_null(env, &result); return result; }

  Grammar *g = calloc(1, sizeof *g);
  if (!g) return throw_error(env, "grammar(): out of memory");
  g->language = language;
  g->symbol_count = ts_language_symbol_count(language);
  g->type_index = malloc(g->symbol_count * sizeof *g->type_index);
  g->category = calloc(g->symbol_count, 1);
  g->identifier = calloc(g->symbol_count, 1);
  if (!g->type_index || !g->category || !g->identifier) { grammar_free(env, g, NULL); return throw_error(env, "grammar(): out of memory"); }
  for (uint32_t s = 0; s < g->symbol_count; s++) g->type_index[s] = -1;

  /* The types extract.ts's query captures for web-tree-sitter: those the grammar has as named nodes. */
  uint32_t types = array_length(env, argv[1]);
  for (uint32_t i = 0; i < types; i++) {
    char *type = array_item(env, argv[1], i);
    napi_value category_value;
    int32_t category = 0;
    if (napi_get_element(env, argv[2], i, &category_value) == napi_ok) napi_get_value_int32(env, category_value, &category);
    if (!type) continue;
    if (ts_language_symbol_for_name(language, type, (uint32_t)strlen(type), true) != 0) {
      mark_symbols(g, type, (int32_t)i, (uint8_t)category, 0);
      g->has_types = 1;
    }
    free(type);
  }

  uint32_t identifiers = array_length(env, argv[3]);
  for (uint32_t i = 0; i < identifiers; i++) {
    char *type = array_item(env, argv[3], i);
    if (type) { mark_symbols(g, type, -1, 0, 1); free(type); }
  }
  g->member_count = field_ids(g, env, argv[4], g->member_fields);
  g->callee_count = field_ids(g, env, argv[5], g->callee_fields);
  g->module_count = field_ids(g, env, argv[6], g->module_fields);
  g->name_field = field_id(language, "name");
  g->declarator_field = field_id(language, "declarator");
  g->body_field = field_id(language, "body");
  g->type_field = field_id(language, "type");
  g->impl_item = ts_language_symbol_for_name(language, "impl_item", 9, true);

  if (napi_create_external(env, g, grammar_free, NULL, &result) != napi_ok) { grammar_free(env, g, NULL); return throw_error(env, "grammar(): out of memory"); }
  /* The external owns the grammar from here: its finalizer frees it. */
  if (napi_type_tag_object(env, result, &GRAMMAR_TAG) != napi_ok) return throw_error(env, "grammar(): cannot tag the grammar");
  return result;
}

static int is_identifier(const Grammar *g, TSNode node) {
  TSSymbol symbol = ts_node_symbol(node);
  return symbol < g->symbol_count && g->identifier[symbol];
}

static TSNode child_by_field(TSNode node, TSFieldId field) {
  TSNode none = { { 0, 0, 0, 0 }, NULL, NULL };
  return field ? ts_node_child_by_field_id(node, field) : none;
}

/* extract.ts lastIdentifier: the identifier a name-ish node ends with (`a.b.c` -> c); 0 for none. */
static int last_identifier(const Grammar *g, TSNode node, int depth, TSNode *out) {
  if (ts_node_is_null(node) || depth > IDENTIFIER_DEPTH_MAX) return 0;
  if (is_identifier(g, node)) { *out = node; return 1; }
  for (uint32_t i = 0; i < g->member_count; i++) {
    TSNode child = ts_node_child_by_field_id(node, g->member_fields[i]);
    if (!ts_node_is_null(child) && child.id != node.id) return last_identifier(g, child, depth + 1, out);
  }
  /* Here, as in extract.ts, a child's empty name (a MISSING identifier) counts as none. */
  for (int64_t i = (int64_t)ts_node_named_child_count(node) - 1; i >= 0; i--) {
    TSNode found;
    if (last_identifier(g, ts_node_named_child(node, (uint32_t)i), depth + 1, &found) && ts_node_end_byte(found) > ts_node_start_byte(found)) {
      *out = found;
      return 1;
    }
  }
  return 0;
}

/* extract.ts definitionName. */
static int definition_name(const Grammar *g, TSNode node, TSNode *out) {
  TSNode named = child_by_field(node, g->name_field);
  if (!ts_node_is_null(named)) return last_identifier(g, named, 0, out);
  if (g->impl_item && ts_node_symbol(node) == g->impl_item) return last_identifier(g, child_by_field(node, g->type_field), 0, out);
  TSNode declarator = child_by_field(node, g->declarator_field);
  while (!ts_node_is_null(declarator)) {
    TSNode inner = child_by_field(declarator, g->declarator_field);
    if (ts_node_is_null(inner)) break;
    declarator = inner;
  }
  if (!ts_node_is_null(declarator)) return last_identifier(g, declarator, 0, out);
  uint32_t count = ts_node_named_child_count(node);
  for (uint32_t i = 0; i < count; i++) {
    TSNode child = ts_node_named_child(node, i);
    if (is_identifier(g, child)) { *out = child; return 1; }
  }
  return 0;
}

/* extract.ts's callee: the first callee field's last identifier, else the first named child's. */
static int callee_name(const Grammar *g, TSNode node, TSNode *out) {
  for (uint32_t i = 0; i < g->callee_count; i++) {
    TSNode target = ts_node_child_by_field_id(node, g->callee_fields[i]);
    if (!ts_node_is_null(target)) {
      if (last_identifier(g, target, 0, out)) return 1;
      break;
    }
  }
  return last_identifier(g, ts_node_named_child(node, 0), 0, out);
}

/* Byte offsets of UTF-16 input are twice the code units web-tree-sitter reports. */
static int32_t unit(uint32_t byte) { return (int32_t)(byte / 2); }

static void set_range(int32_t *record, int start_slot, TSNode node, int found) {
  record[start_slot] = found ? unit(ts_node_start_byte(node)) : -1;
  record[start_slot + 1] = found ? unit(ts_node_end_byte(node)) : -1;
}

static int32_t *grow_records(Instance *instance, size_t needed) {
  if (needed <= instance->records_capacity) return instance->records;
  size_t capacity = instance->records_capacity ? instance->records_capacity : 1024;
  while (capacity < needed) capacity *= 2;
  int32_t *records = realloc(instance->records, capacity * sizeof *records);
  if (!records) return NULL;
  instance->records = records;
  instance->records_capacity = capacity;
  return records;
}

/* Moves to the node after the cursor's in document order (pre-order: a node before its children); 0 at the end. */
static int next_in_preorder(TSTreeCursor *walk) {
  if (ts_tree_cursor_goto_first_child(walk)) return 1;
  do {
    if (ts_tree_cursor_goto_next_sibling(walk)) return 1;
  } while (ts_tree_cursor_goto_parent(walk));
  return 0;
}

/*
** captures(grammar, text): an Int32Array of RECORD_INTS per captured node, in document
** order; null when the parse gave no tree.
*/
static napi_value captures(napi_env env, napi_callback_info info) {
  size_t argc = 2;
  napi_value argv[2];
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  if (argc < 2) return throw_error(env, "captures() takes a grammar and a text");
  Grammar *g = NULL;
  bool tagged = false;
  if (napi_check_object_type_tag(env, argv[0], &GRAMMAR_TAG, &tagged) != napi_ok || !tagged
      || napi_get_value_external(env, argv[0], (void **)&g) != napi_ok || !g) {
    napi_throw_type_error(env, NULL, "captures(): not a grammar of this module");
    return NULL;
  }
  Instance *instance;
  if (napi_get_instance_data(env, (void **)&instance) != napi_ok || !instance) return throw_error(env, "captures(): module not initialised");

  size_t length;
  if (napi_get_value_string_utf16(env, argv[1], NULL, 0, &length) != napi_ok) return throw_error(env, "captures(): the text must be a string");
  if (length + 1 > instance->units_capacity) {
    uint16_t *units = realloc(instance->units, (length + 1) * sizeof *units);
    if (!units) return throw_error(env, "captures(): out of memory");
    instance->units = units;
    instance->units_capacity = length + 1;
  }
  if (napi_get_value_string_utf16(env, argv[1], (char16_t *)instance->units, length + 1, &length) != napi_ok) return throw_error(env, "captures(): the text must be a string");

  napi_value result;
  const uint16_t probe = 1;
  TSInputEncoding encoding = *(const uint8_t *)&probe == 1 ? TSInputEncodingUTF16LE : TSInputEncodingUTF16BE;
  ts_parser_set_language(instance->parser, g->language);
  TSTree *tree = ts_parser_parse_string_encoding(instance->parser, NULL, (const char *)instance->units, (uint32_t)(length * 2), encoding);
  if (!tree) { napi_get_null(env, &result); return result; }

  size_t count = 0;
  TSTreeCursor walk = ts_tree_cursor_new(ts_tree_root_node(tree));
  for (int more = g->has_types; more; more = next_in_preorder(&walk)) {
    TSNode node = ts_tree_cursor_current_node(&walk);
    TSSymbol symbol = ts_node_symbol(node);
    if (symbol >= g->symbol_count || g->type_index[symbol] < 0 || !ts_node_is_named(node)) continue;
    int32_t *records = grow_records(instance, (count + 1) * RECORD_INTS);
    if (!records) { ts_tree_cursor_delete(&walk); ts_tree_delete(tree); return throw_error(env, "captures(): out of memory"); }
    int32_t *record = records + count * RECORD_INTS;
    uint8_t category = g->category[symbol];
    TSNode found;
    record[RECORD_TYPE] = g->type_index[symbol];
    record[RECORD_START] = unit(ts_node_start_byte(node));
    record[RECORD_END] = unit(ts_node_end_byte(node));
    record[RECORD_START_ROW] = (int32_t)ts_node_start_point(node).row;
    record[RECORD_END_ROW] = (int32_t)ts_node_end_point(node).row;
    int has_name = (category & CATEGORY_DEFINITION) && definition_name(g, node, &found);
    set_range(record, RECORD_NAME_START, found, has_name);
    record[RECORD_HAS_BODY] = (category & CATEGORY_DEFINITION) && !ts_node_is_null(child_by_field(node, g->body_field));
    int has_callee = (category & CATEGORY_CALL) && callee_name(g, node, &found);
    set_range(record, RECORD_CALLEE_START, found, has_callee);
    /* extract.ts moduleName: the first module field's text, else the node's own. */
    TSNode module = node;
    int from_field = 0;
    for (uint32_t i = 0; (category & CATEGORY_IMPORT) && i < g->module_count && !from_field; i++) {
      TSNode child = ts_node_child_by_field_id(node, g->module_fields[i]);
      if (!ts_node_is_null(child)) { module = child; from_field = 1; }
    }
    set_range(record, RECORD_MODULE_START, module, category & CATEGORY_IMPORT);
    record[RECORD_MODULE_FROM_FIELD] = from_field;
    count++;
  }
  ts_tree_cursor_delete(&walk);
  ts_tree_delete(tree);

  napi_value buffer;
  void *data;
  size_t bytes = count * RECORD_INTS * sizeof(int32_t);
  if (napi_create_arraybuffer(env, bytes, &data, &buffer) != napi_ok) return throw_error(env, "captures(): out of memory");
  if (bytes) memcpy(data, instance->records, bytes);
  if (napi_create_typedarray(env, napi_int32_array, count * RECORD_INTS, buffer, 0, &result) != napi_ok) return throw_error(env, "captures(): out of memory");
  return result;
}

NAPI_MODULE_INIT() {
  Instance *instance = calloc(1, sizeof *instance);
  if (!instance) return NULL;
  instance->parser = ts_parser_new();
  if (!instance->parser) { free(instance); return NULL; }
  if (napi_set_instance_data(env, instance, instance_free, NULL) != napi_ok) { instance_free(env, instance, NULL); return NULL; }
  napi_property_descriptor properties[] = {
    { "grammar", NULL, grammar_new, NULL, NULL, NULL, napi_default, NULL },
    { "captures", NULL, captures, NULL, NULL, NULL, napi_default, NULL },
  };
  napi_define_properties(env, exports, sizeof properties / sizeof properties[0], properties);
  napi_value version;
  napi_create_int32(env, RECORD_INTS, &version);
  napi_set_named_property(env, exports, "recordInts", version);
  return exports;
}
