/*
** quarry_words: the first stage's word postings (src/ingest/first-stage.ts).
**
** A builder takes chunks of word-index text as UTF-8 bytes, in increasing id
** order, and keeps for every word the chunks that hold it and how often: a list
** per word of (gap between ids, count) pairs, both varints (the first gap counts
** from -1). A word is a run of ASCII letters, digits and '_' and bytes above
** 0x7f, ASCII letters lower-cased: unicode61's tokens for ASCII text. Text with
** other characters is folded by the caller (src/ingest/first-stage-words.ts)
** into unicode61's own tokens joined by spaces, which this reads back as they
** are. add() answers the chunk's token count, its body length for BM25.
**
** addFile() takes a whole file of plain ASCII instead: it cuts the file into
** chunks of lines as src/ingest/chunk.ts chunkLines does, and adds each with the
** words the index adds to it (native/quarry_added_words.h), with no string made
** per chunk.
**
** finish() lays the shard out for the reader (src/search/first-stage-words.ts),
** in this machine's byte order (the shard is read where it was written):
**   u32 magic "QWS1", u32 words, u32 word bytes, u32 data bytes
**   words x { u32 offset in word bytes, u32 length, u32 chunks, u32 offset in data, u32 length },
**     by word bytes (memcmp, then length)
**   the word bytes, then the data: every list's pairs, one list after another
*/
#include <node_api.h>
#include <stdint.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <stdlib.h>
#include <string.h>
#include "quarry_postings.h"
#include "quarry_added_words.h"

/* What src/ingest/first-stage-words.ts checks before using the module. */
#define QUARRY_WORDS_VERSION 2
#define MAGIC 0x31535751u /* "QWS1" */
/* Longer words are cut here (still counted once): no query word is longer than FTS_EXPRESSION allows. */
#define WORD_MAX 1024

/* A distinct word of the chunk being added: its bytes in the chunk's scratch, and its count. */
typedef struct {
  uint64_t hash;
  uint32_t offset;
  uint32_t length;
  uint32_t count;
  /* The word's list in the builder, once looked up. */
  uint32_t list;
} Local;

typedef struct {
  uint64_t hash;
  uint32_t offset;
  uint32_t length;
  uint32_t list;
} Slot;

typedef struct {
  Slot *slots;
  uint32_t slot_mask;
  uint32_t used;
  uint8_t *bytes;
  uint64_t bytes_length;
  uint64_t bytes_capacity;
  List *lists;
  /* The chunk's distinct words (open addressing, under half full) and their lower-cased bytes. */
  Local *local;
  uint32_t local_mask;
  uint32_t *local_used;
  uint8_t *scratch;
  size_t scratch_capacity;
  /* The second text of add(), read from its string. */
  char *more;
  size_t more_capacity;
  /* addFile()'s added words' tables, and its chunks (CHUNK_INTS each) before they are added. */
  Words *added;
  uint32_t *file_chunks;
  size_t file_chunks_capacity;
  int64_t last_id;
  int failed;
} Builder;

static void builder_release(Builder *b) {
  if (!b) return;
  int had = b->used > 0;
  for (uint32_t i = 0; i < b->used; i++) free(b->lists[i].data);
  free(b->lists);
  free(b->slots);
  free(b->bytes);
  free(b->local);
  free(b->local_used);
  free(b->scratch);
  free(b->more);
  b->more = NULL;
  words_free(b->added);
  b->added = NULL;
  free(b->file_chunks);
  b->file_chunks = NULL;
  b->file_chunks_capacity = 0;
  b->lists = NULL;
  b->slots = NULL;
  b->bytes = NULL;
  b->local = NULL;
  b->local_used = NULL;
  b->scratch = NULL;
  b->used = 0;
#ifdef __GLIBC__
  /* As quarry_grams: the lists were many small blocks, which glibc would keep for the build that follows. */
  if (had) malloc_trim(0);
#endif
}

static void builder_finalize(napi_env env, void *data, void *hint) {
  (void)env; (void)hint;
  builder_release(data);
  free(data);
}

/* Words are hashed with FNV-1a, 64 bits, as they are lower-cased (builder_add). */

static int grow_slots(Builder *b) {
  uint32_t capacity = (b->slot_mask + 1) * 2;
  if (capacity == 0) return 0;
  Slot *slots = calloc(capacity, sizeof(Slot));
  List *lists = realloc(b->lists, (size_t)capacity / 2 * sizeof(List));
  if (!slots || !lists) {
    free(slots);
    if (lists) b->lists = lists;
    return 0;
  }
  b->lists = lists;
  uint32_t mask = capacity - 1;
  for (uint32_t i = 0; i <= b->slot_mask; i++) {
    Slot *s = &b->slots[i];
    if (!s->length) continue;
    uint32_t at = (uint32_t)s->hash & mask;
    while (slots[at].length) at = (at + 1) & mask;
    slots[at] = *s;
  }
  free(b->slots);
  b->slots = slots;
  b->slot_mask = mask;
  return 1;
}

/* The list of a word (of hash h), made when it is new; NULL when memory ran out. */
static List *list_for(Builder *b, const uint8_t *word, uint32_t length, uint64_t h) {
  uint32_t at = (uint32_t)h & b->slot_mask;
  for (;;) {
    Slot *s = &b->slots[at];
    if (!s->length) break;
    if (s->hash == h && s->length == length && memcmp(b->bytes + s->offset, word, length) == 0) return &b->lists[s->list];
    at = (at + 1) & b->slot_mask;
  }
  /* New: kept under half full, so probes stay short. */
  if ((uint64_t)(b->used + 1) * 2 > (uint64_t)b->slot_mask + 1) {
    if (!grow_slots(b)) return NULL;
    return list_for(b, word, length, h);
  }
  if (b->bytes_length + length > b->bytes_capacity) {
    uint64_t capacity = b->bytes_capacity ? b->bytes_capacity * 2 : 1 << 20;
    while (capacity < b->bytes_length + length) capacity *= 2;
    if (capacity > UINT32_MAX) return NULL;
    uint8_t *bytes = realloc(b->bytes, capacity);
    if (!bytes) return NULL;
    b->bytes = bytes;
    b->bytes_capacity = capacity;
  }
  Slot *s = &b->slots[at];
  s->hash = h;
  s->offset = (uint32_t)b->bytes_length;
  s->length = length;
  s->list = b->used;
  memcpy(b->bytes + b->bytes_length, word, length);
  b->bytes_length += length;
  List *list = &b->lists[b->used++];
  memset(list, 0, sizeof *list);
  list->last = -1;
  return list;
}

static int is_word_byte(uint8_t c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80;
}

/* The chunk's table of distinct words starts this large, and is given back after a chunk that made it larger than LOCAL_KEEP. */
#define LOCAL_START 1024u
#define LOCAL_KEEP (1u << 16)
/* A scratch larger than this (a chunk of one long line) is given back after its chunk too. */
#define SCRATCH_KEEP ((size_t)1 << 20)

/* Replaces the chunk's table by one of `slots` (a power of two) holding its `distinct` words; 0 when memory ran out. */
static int local_resize(Builder *b, uint32_t slots, uint32_t distinct) {
  Local *local = calloc(slots, sizeof(Local));
  uint32_t *used = malloc((size_t)slots / 2 * sizeof(uint32_t));
  if (!local || !used) { free(local); free(used); return 0; }
  uint32_t mask = slots - 1;
  for (uint32_t k = 0; k < distinct; k++) {
    Local *old = &b->local[b->local_used[k]];
    uint32_t at = (uint32_t)old->hash & mask;
    while (local[at].length) at = (at + 1) & mask;
    local[at] = *old;
    used[k] = at;
  }
  free(b->local);
  free(b->local_used);
  b->local = local;
  b->local_used = used;
  b->local_mask = mask;
  return 1;
}

/* Counts one word (lower-cased at scratch + start, n bytes, hash h) in the chunk's table; 0 when memory ran out. */
static int local_count(Builder *b, uint32_t *distinct, size_t *written, size_t start, uint32_t n, uint64_t h) {
  uint32_t at = (uint32_t)h & b->local_mask;
  for (;;) {
    Local *slot = &b->local[at];
    if (!slot->length) break;
    if (slot->hash == h && slot->length == n && memcmp(b->scratch + slot->offset, b->scratch + start, n) == 0) {
      slot->count++;
      *written = start; /* the word is kept once */
      return 1;
    }
    at = (at + 1) & b->local_mask;
  }
  /* New: kept under half full, so probes stay short (the table grows with the chunk's words). */
  if ((*distinct + 1) * 2 > b->local_mask + 1) {
    if (!local_resize(b, (b->local_mask + 1) * 2, *distinct)) return 0;
    return local_count(b, distinct, written, start, n, h);
  }
  b->local[at] = (Local){ h, (uint32_t)start, n, 1, 0 };
  b->local_used[(*distinct)++] = at;
  return 1;
}

/*
** Adds every word of the texts to chunk `id`'s postings; its token count, or -1 when memory ran
** out. The chunk's words are counted in a small table first (a chunk repeats its words), so the
** builder's large table, far apart in memory, is touched once per distinct word.
*/
static int64_t builder_add(Builder *b, int64_t id, const uint8_t *const *texts, const size_t *lengths, int count) {
  size_t length = 0;
  for (int t = 0; t < count; t++) length += lengths[t];
  if (b->scratch_capacity < length) {
    uint8_t *scratch = realloc(b->scratch, length);
    if (!scratch) return -1;
    b->scratch = scratch;
    b->scratch_capacity = length;
  }
  if (!b->local && !local_resize(b, LOCAL_START, 0)) return -1;
  uint32_t distinct = 0;
  size_t written = 0;
  int64_t tokens = 0;
  int ok = 1;
  for (int t = 0; ok && t < count; t++) {
    const uint8_t *bytes = texts[t];
    size_t end = lengths[t];
    size_t i = 0;
    while (ok && i < end) {
      if (!is_word_byte(bytes[i])) { i++; continue; }
      size_t start = written;
      uint32_t n = 0;
      uint64_t h = 1469598103934665603ull;
      for (; i < end && is_word_byte(bytes[i]); i++) {
        uint8_t c = bytes[i];
        if (n == WORD_MAX) continue;
        c = (c >= 'A' && c <= 'Z') ? (uint8_t)(c + 32) : c;
        b->scratch[written++] = c;
        h = (h ^ c) * 1099511628211ull;
        n++;
      }
      tokens++;
      ok = local_count(b, &distinct, &written, start, n, h);
    }
  }
  /*
  ** The large table's slots are far apart in memory: each is asked to be fetched first, so the
  ** misses of a chunk's distinct words overlap instead of coming one after another. So are the
  ** lists' ends, once their slots have named them.
  */
  for (uint32_t k = 0; ok && k < distinct; k++) __builtin_prefetch(&b->slots[(uint32_t)b->local[b->local_used[k]].hash & b->slot_mask]);
  for (uint32_t k = 0; ok && k < distinct; k++) {
    Local *slot = &b->local[b->local_used[k]];
    List *list = list_for(b, b->scratch + slot->offset, slot->length, slot->hash);
    if (!list) ok = 0;
    else {
      slot->list = (uint32_t)(list - b->lists);
      if (list->data) __builtin_prefetch(list->data + list->length);
    }
  }
  for (uint32_t k = 0; k < distinct; k++) {
    Local *slot = &b->local[b->local_used[k]];
    if (ok) {
      List *list = &b->lists[slot->list];
      if (!list_varint(list, (uint64_t)(id - list->last), 8) || !list_varint(list, slot->count, 8)) ok = 0;
      else {
        list->last = id;
        list->ids++;
      }
    }
    slot->length = 0;
  }
  /* A chunk of one long line (a minified file) made them large: the next chunk starts small again. */
  if (b->local_mask + 1 > LOCAL_KEEP) {
    free(b->local);
    free(b->local_used);
    b->local = NULL;
    b->local_used = NULL;
    b->local_mask = 0;
  }
  if (b->scratch_capacity > SCRATCH_KEEP) {
    free(b->scratch);
    b->scratch = NULL;
    b->scratch_capacity = 0;
  }
  return ok ? tokens : -1;
}

/* Marks this module's builders: a builder of another module (or any other external) is refused on entry. */
static const napi_type_tag BUILDER_TAG = { 0x7175617272797764ULL, 0x7364736275696c64ULL };

static Builder *builder_call(napi_env env, napi_callback_info info, size_t count, napi_value *argv, const char *usage) {
  return builder_argument(env, info, count, argv, usage, "not a words builder of this module", &BUILDER_TAG);
}

static napi_value create_builder(napi_env env, napi_callback_info info) {
  (void)info;
  Builder *b = calloc(1, sizeof *b);
  const uint32_t slots = 1u << 16;
  if (b) {
    b->slots = calloc(slots, sizeof(Slot));
    b->lists = malloc((size_t)slots / 2 * sizeof(List));
    b->slot_mask = slots - 1;
  }
  if (!b || !b->slots || !b->lists) {
    if (b) builder_release(b);
    free(b);
    napi_throw_error(env, NULL, "out of memory for a words builder");
    return NULL;
  }
  b->last_id = -1;
  return builder_external(env, b, builder_finalize, &BUILDER_TAG);
}

/*
** add(builder, id, bytes, more?): the words of bytes (a Uint8Array) and of more (a string, the
** words the index adds to the text) as chunk `id`'s, id above the last one added; the token
** count, or -1 when memory ran out (the builder is then spent).
*/
static napi_value add(napi_env env, napi_callback_info info) {
  napi_value argv[4];
  size_t argc = 4;
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  Builder *b = builder_call(env, info, 3, argv, "add(builder, id, bytes, more?)");
  if (!b) return NULL;
  int64_t id;
  size_t length = 0;
  void *data = NULL;
  if (!id_argument(env, argv[1], b->last_id, &id) || !bytes_argument(env, argv[2], &data, &length)) return NULL;
  const uint8_t *texts[2] = { data, NULL };
  size_t lengths[2] = { length, 0 };
  int count = 1;
  if (argc > 3) {
    size_t more = 0;
    if (napi_get_value_string_utf8(env, argv[3], NULL, 0, &more) != napi_ok) {
      napi_throw_type_error(env, NULL, "more must be a string");
      return NULL;
    }
    if (more + 1 > b->more_capacity) {
      char *grown = realloc(b->more, more + 1);
      if (!grown) { napi_throw_error(env, NULL, "out of memory for a words builder"); return NULL; }
      b->more = grown;
      b->more_capacity = more + 1;
    }
    napi_get_value_string_utf8(env, argv[3], b->more, more + 1, &more);
    texts[1] = (const uint8_t *)b->more;
    lengths[1] = more;
    count = 2;
  }
  b->last_id = id;
  int64_t tokens = -1;
  if (!b->failed && b->slots) tokens = builder_add(b, id, texts, lengths, count);
  if (tokens < 0 && !b->failed) {
    b->failed = 1;
    builder_release(b);
  }
  napi_value out;
  napi_create_int64(env, b->failed ? -1 : tokens, &out);
  return out;
}

/* Per chunk of addFile()'s answer: its start and length in the file (bytes), its first and last line, its token count. */
#define CHUNK_INTS 5

/* Tab to '~': the bytes text/first-stage-words.ts reads as plain ASCII (anything else is folded there). */
static int is_plain(uint8_t c) { return c >= '\t' && c <= '~'; }

/* A line that JavaScript's trim() empties, of plain ASCII (no newline in it). */
static int is_blank(const uint8_t *line, size_t length) {
  for (size_t i = 0; i < length; i++) if (line[i] != ' ' && (line[i] < '\t' || line[i] > '\r')) return 0;
  return 1;
}

/* Appends one chunk (lines first_line .. end_line, 1-based, of bytes start .. end) to the builder's list; 0 when memory ran out. */
static int keep_chunk(Builder *b, size_t *count, size_t start, size_t end, size_t first_line, size_t end_line) {
  if ((*count + 1) * CHUNK_INTS > b->file_chunks_capacity) {
    size_t capacity = b->file_chunks_capacity ? b->file_chunks_capacity * 2 : 64 * CHUNK_INTS;
    uint32_t *grown = realloc(b->file_chunks, capacity * sizeof *grown);
    if (!grown) return 0;
    b->file_chunks = grown;
    b->file_chunks_capacity = capacity;
  }
  uint32_t *row = b->file_chunks + *count * CHUNK_INTS;
  row[0] = (uint32_t)start;
  row[1] = (uint32_t)(end - start);
  row[2] = (uint32_t)first_line;
  row[3] = (uint32_t)end_line;
  row[4] = 0;
  (*count)++;
  return 1;
}

/*
** The chunks of `text` into b->file_chunks, as chunk.ts splitLines and chunkLines cut it: lines end
** at '\n' (a final newline ends the last line), a chunk is cut before a line that would take it past
** max_lines lines or max_chars characters (each line counted with its newline), and after a blank
** line once it has target_lines. Their count; 0 when text is empty or not plain ASCII, or a chunk
** is longer than the added words are made for here; -1 when memory ran out.
*/
static int64_t cut_chunks(Builder *b, const uint8_t *text, size_t length, size_t max_chars, size_t max_lines, size_t target_lines) {
  if (length == 0 || length > UINT32_MAX) return 0;
  for (size_t i = 0; i < length; i++) if (!is_plain(text[i])) return 0;
  size_t count = 0;
  /* The chunk being made: its first line (0-based), its first byte, and its characters so far. */
  size_t start_line = 0, start_byte = 0, chars = 0;
  size_t line = 0;
  /* The last line's newline ends it: no empty line after it. */
  size_t end_of_lines = text[length - 1] == '\n' ? length - 1 : length;
  for (size_t at = 0;; line++) {
    const uint8_t *newline = at < end_of_lines ? memchr(text + at, '\n', end_of_lines - at) : NULL;
    size_t line_end = newline ? (size_t)(newline - text) : end_of_lines;
    size_t line_length = line_end - at;
    if (line > start_line && (chars + line_length + 1 > max_chars || line - start_line >= max_lines)) {
      if (!keep_chunk(b, &count, start_byte, at - 1, start_line + 1, line)) return -1;
      start_line = line;
      start_byte = at;
      chars = 0;
    }
    chars += line_length + 1;
    if (line - start_line + 1 >= target_lines && is_blank(text + at, line_length)) {
      if (!keep_chunk(b, &count, start_byte, line_end, start_line + 1, line + 1)) return -1;
      start_line = line + 1;
      start_byte = line_end + 1;
      chars = 0;
    }
    if (!newline) break;
    at = line_end + 1;
  }
  /* The lines after the last cut (`line` is the last line's index). */
  if (start_line <= line && !keep_chunk(b, &count, start_byte, end_of_lines, start_line + 1, line + 1)) return -1;
  for (size_t k = 0; k < count; k++) if (b->file_chunks[k * CHUNK_INTS + 1] > ADDED_WORDS_TEXT_MAX) return 0;
  return (int64_t)count;
}

/*
** addFile(builder, firstId, bytes, maxChars, maxLines, targetLines): a file's text (UTF-8) cut into
** chunks of lines, each added with the words the index adds to it as chunk firstId, firstId + 1, ...;
** a Uint32Array of CHUNK_INTS per chunk. null when the text is empty or not plain ASCII, or has a
** chunk longer than ADDED_WORDS_TEXT_MAX (nothing is added: the caller adds it chunk by chunk);
** -1 when memory ran out (the builder is then spent).
*/
static napi_value add_file(napi_env env, napi_callback_info info) {
  napi_value argv[6];
  Builder *b = builder_call(env, info, 6, argv, "addFile(builder, firstId, bytes, maxChars, maxLines, targetLines)");
  if (!b) return NULL;
  int64_t first;
  size_t length = 0;
  void *data = NULL;
  uint32_t limits[3];
  if (!id_argument(env, argv[1], b->last_id, &first) || !bytes_argument(env, argv[2], &data, &length)) return NULL;
  for (int k = 0; k < 3; k++) {
    if (napi_get_value_uint32(env, argv[3 + k], &limits[k]) != napi_ok || limits[k] == 0) {
      napi_throw_type_error(env, NULL, "addFile(): the chunk limits must be positive integers");
      return NULL;
    }
  }
  napi_value out;
  int64_t count = b->failed || !b->slots ? -1 : cut_chunks(b, data, length, limits[0], limits[1], limits[2]);
  if (count == 0) {
    napi_get_null(env, &out);
    return out;
  }
  const uint8_t *text = data;
  for (int64_t k = 0; count > 0 && k < count; k++) {
    uint32_t *row = b->file_chunks + k * CHUNK_INTS;
    if (!b->added) b->added = words_new();
    if (!b->added || !added_words_text(b->added, text + row[0], row[1], 0)) { count = -1; break; }
    const uint8_t *texts[2] = { text + row[0], (const uint8_t *)b->added->out };
    size_t lengths[2] = { row[1], b->added->out_length };
    int64_t tokens = builder_add(b, first + k, texts, lengths, 2);
    if (tokens < 0) { count = -1; break; }
    row[4] = (uint32_t)tokens;
  }
  if (count < 0) {
    if (!b->failed) { b->failed = 1; builder_release(b); }
    napi_create_int64(env, -1, &out);
    return out;
  }
  b->last_id = first + count - 1;
  napi_value buffer;
  void *bytes;
  size_t size = (size_t)count * CHUNK_INTS * sizeof(uint32_t);
  if (napi_create_arraybuffer(env, size, &bytes, &buffer) != napi_ok) return NULL;
  memcpy(bytes, b->file_chunks, size);
  if (napi_create_typedarray(env, napi_uint32_array, (size_t)count * CHUNK_INTS, buffer, 0, &out) != napi_ok) return NULL;
  return out;
}

typedef struct {
  const uint8_t *word;
  uint32_t length;
  uint32_t offset;
  uint32_t list;
} Entry;

static int entry_order(const void *x, const void *y) {
  const Entry *a = x, *b = y;
  uint32_t n = a->length < b->length ? a->length : b->length;
  int c = memcmp(a->word, b->word, n);
  if (c) return c;
  return a->length < b->length ? -1 : a->length > b->length;
}

/* finish(builder): the shard's bytes (see the top of this file), or null when memory ran out; the builder is spent either way. */
static napi_value finish(napi_env env, napi_callback_info info) {
  napi_value argv[1];
  Builder *b = builder_call(env, info, 1, argv, "finish(builder)");
  if (!b) return NULL;
  napi_value out;
  napi_get_null(env, &out);
  if (b->failed || !b->slots) {
    builder_release(b);
    return out;
  }
  Entry *entries = malloc((size_t)(b->used ? b->used : 1) * sizeof(Entry));
  uint64_t data_bytes = 0;
  int ok = entries != NULL;
  uint32_t n = 0;
  for (uint32_t i = 0; ok && i <= b->slot_mask; i++) {
    Slot *s = &b->slots[i];
    if (!s->length) continue;
    List *list = &b->lists[s->list];
    entries[n++] = (Entry){ b->bytes + s->offset, s->length, s->offset, s->list };
    data_bytes += list->length;
  }
  size_t table = 16 + (size_t)n * 20;
  if (!ok || data_bytes + table + b->bytes_length > UINT32_MAX) {
    free(entries);
    builder_release(b);
    return out;
  }
  qsort(entries, n, sizeof(Entry), entry_order);
  void *bytes;
  if (napi_create_buffer(env, table + (size_t)b->bytes_length + (size_t)data_bytes, &bytes, &out) != napi_ok) {
    free(entries);
    builder_release(b);
    return NULL;
  }
  uint8_t *head = bytes;
  uint32_t header[4] = { MAGIC, n, (uint32_t)b->bytes_length, (uint32_t)data_bytes };
  memcpy(head, header, sizeof header);
  memcpy(head + table, b->bytes, b->bytes_length);
  uint8_t *entry = head + 16;
  uint8_t *data = head + table + b->bytes_length;
  uint32_t offset = 0;
  for (uint32_t i = 0; i < n; i++) {
    List *list = &b->lists[entries[i].list];
    uint32_t row[5] = { entries[i].offset, entries[i].length, list->ids, offset, list->length };
    memcpy(entry, row, sizeof row);
    entry += 20;
    memcpy(data + offset, list->data, list->length);
    offset += list->length;
  }
  free(entries);
  builder_release(b);
  return out;
}

NAPI_MODULE_INIT() {
  exports = builder_module(env, exports, QUARRY_WORDS_VERSION, create_builder, add, finish);
  napi_value fn;
  if (exports && napi_create_function(env, "addFile", NAPI_AUTO_LENGTH, add_file, NULL, &fn) == napi_ok) napi_set_named_property(env, exports, "addFile", fn);
  return exports;
}
