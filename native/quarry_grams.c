/*
** quarry_grams: the first stage's trigram postings (src/ingest/first-stage.ts).
**
** A builder takes blocks of text as UTF-8 bytes, in increasing id order, and
** keeps for every byte trigram the ids of the blocks that hold it: a list per
** trigram of varint gaps between ids (the first gap counts from -1). It counts
** each block's newlines on the way (the block's successor starts that many lines
** on). Each thread of the first stage has its own builder, for its own files, so
** both cores build at once and nothing is merged: a query reads every shard.
**
** finish() lays the shard out for the reader (src/search/first-stage-reader.ts),
** in this machine's byte order (the shard is read where it was written):
**   u32 magic "QGS1", u32 keys, u32 data bytes, u32 postings (saturated)
**   keys x { u32 trigram, u32 ids, u32 offset in data, u32 length }, by trigram
**   the data: every list's gaps, one after another
*/
#include <node_api.h>
#include <stdint.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <stdlib.h>
#include <string.h>
#include "quarry_postings.h"

/* What src/ingest/first-stage.ts checks before using the module. */
#define QUARRY_GRAMS_VERSION 2
#define KEYS (1u << 24)
#define MAGIC 0x31534751u /* "QGS1" */

typedef struct {
  /* The list of each trigram, +1 (0: none yet); 64 MiB, touched only where text has trigrams. */
  uint32_t *slot;
  /* The trigrams of the block being added, as bits (2 MiB: the byte loop's only table) and as a list. */
  uint64_t *seen;
  uint32_t *distinct;
  size_t distinct_capacity;
  List *lists;
  uint32_t count;
  uint32_t capacity;
  int64_t last_id;
  uint64_t postings;
  int failed;
} Builder;

static void builder_release(Builder *b) {
  if (!b) return;
  int had_lists = b->count > 0;
  for (uint32_t i = 0; i < b->count; i++) free(b->lists[i].data);
  free(b->lists);
  free(b->slot);
  free(b->seen);
  free(b->distinct);
  b->lists = NULL;
  b->slot = NULL;
  b->seen = NULL;
  b->distinct = NULL;
  b->count = b->capacity = 0;
#ifdef __GLIBC__
  /* The lists were hundreds of thousands of small blocks: glibc keeps freed ones for reuse, and the
     pass that follows (a kernel build: about 900 MB) would count them in its peak. */
  if (had_lists) malloc_trim(0);
#endif
}

static void builder_finalize(napi_env env, void *data, void *hint) {
  (void)env; (void)hint;
  builder_release(data);
  free(data);
}

static List *list_for(Builder *b, uint32_t key) {
  uint32_t at = b->slot[key];
  if (at) return &b->lists[at - 1];
  if (b->count == b->capacity) {
    uint32_t capacity = b->capacity ? b->capacity * 2 : 65536;
    List *lists = realloc(b->lists, (size_t)capacity * sizeof(List));
    if (!lists) return NULL;
    b->lists = lists;
    b->capacity = capacity;
  }
  List *list = &b->lists[b->count++];
  memset(list, 0, sizeof *list);
  list->last = -1;
  b->slot[key] = b->count;
  return list;
}

/*
** Adds every trigram of bytes to the block's postings and counts its newlines; -1
** when memory ran out. The byte loop only sets bits (the block's distinct trigrams
** are a few thousand); the lists, far apart in memory, are touched once per
** distinct trigram.
*/
static int64_t builder_add(Builder *b, int64_t block, const uint8_t *bytes, size_t length) {
  int64_t newlines = 0;
  for (size_t i = 0; i < length && i < 2; i++) newlines += bytes[i] == '\n';
  if (length < 3) return newlines;
  if (b->distinct_capacity < length) {
    uint32_t *distinct = realloc(b->distinct, length * sizeof(uint32_t));
    if (!distinct) return -1;
    b->distinct = distinct;
    b->distinct_capacity = length;
  }
  size_t count = 0;
  uint32_t key = ((uint32_t)bytes[0] << 8) | bytes[1];
  for (size_t i = 2; i < length; i++) {
    newlines += bytes[i] == '\n';
    key = ((key << 8) | bytes[i]) & (KEYS - 1);
    uint64_t bit = (uint64_t)1 << (key & 63);
    if (b->seen[key >> 6] & bit) continue;
    b->seen[key >> 6] |= bit;
    b->distinct[count++] = key;
  }
  int ok = 1;
  for (size_t i = 0; i < count; i++) {
    uint32_t k = b->distinct[i];
    b->seen[k >> 6] = 0;
    if (!ok) continue;
    List *list = list_for(b, k);
    if (!list || !list_varint(list, (uint64_t)(block - list->last), 16)) { ok = 0; continue; }
    list->last = block;
    list->ids++;
    b->postings++;
  }
  return ok ? newlines : -1;
}

/* Marks this module's builders: a builder of another module (or any other external) is refused on entry. */
static const napi_type_tag BUILDER_TAG = { 0x7175617272796772ULL, 0x616d736275696c64ULL };

static Builder *builder_call(napi_env env, napi_callback_info info, size_t count, napi_value *argv, const char *usage) {
  return builder_argument(env, info, count, argv, usage, "not a grams builder of this module", &BUILDER_TAG);
}

static napi_value create_builder(napi_env env, napi_callback_info info) {
  (void)info;
  Builder *b = calloc(1, sizeof *b);
  if (b) {
    b->slot = calloc(KEYS, sizeof(uint32_t));
    b->seen = calloc(KEYS / 64, sizeof(uint64_t));
  }
  if (!b || !b->slot || !b->seen) {
    if (b) builder_release(b);
    free(b);
    napi_throw_error(env, NULL, "out of memory for a grams builder");
    return NULL;
  }
  b->last_id = -1;
  return builder_external(env, b, builder_finalize, &BUILDER_TAG);
}

/* add(builder, id, bytes): id above the last one added; the newlines in bytes, or -1 when memory ran out (the builder is then spent). */
static napi_value add(napi_env env, napi_callback_info info) {
  napi_value argv[3];
  Builder *b = builder_call(env, info, 3, argv, "add(builder, id, bytes)");
  if (!b) return NULL;
  int64_t id;
  size_t length = 0;
  void *data = NULL;
  if (!id_argument(env, argv[1], b->last_id, &id) || !bytes_argument(env, argv[2], &data, &length)) return NULL;
  b->last_id = id;
  int64_t newlines = -1;
  if (!b->failed && b->slot) newlines = builder_add(b, id, data, length);
  if (newlines < 0 && !b->failed) {
    b->failed = 1;
    builder_release(b);
  }
  napi_value out;
  napi_create_int64(env, b->failed ? -1 : newlines, &out);
  return out;
}

/* finish(builder): the shard's bytes (see the top of this file), or null when memory ran out; the builder is spent either way. */
static napi_value finish(napi_env env, napi_callback_info info) {
  napi_value argv[1];
  Builder *b = builder_call(env, info, 1, argv, "finish(builder)");
  if (!b) return NULL;
  napi_value out;
  if (b->failed || !b->slot) {
    builder_release(b);
    napi_get_null(env, &out);
    return out;
  }
  /* The trigrams in order, each with its list: pairs of (key, list index). */
  uint32_t *order = malloc((size_t)b->count * 2 * sizeof(uint32_t));
  uint64_t data_bytes = 0;
  if (order) {
    uint32_t n = 0;
    for (uint32_t key = 0; key < KEYS; key++) {
      uint32_t at = b->slot[key];
      if (!at) continue;
      order[n * 2] = key;
      order[n * 2 + 1] = at - 1;
      data_bytes += b->lists[at - 1].length;
      n++;
    }
  }
  size_t table = 16 + (size_t)b->count * 16;
  if (!order || data_bytes > UINT32_MAX || table + data_bytes > UINT32_MAX) {
    free(order);
    builder_release(b);
    napi_get_null(env, &out);
    return out;
  }
  void *bytes;
  if (napi_create_buffer(env, table + (size_t)data_bytes, &bytes, &out) != napi_ok) {
    free(order);
    builder_release(b);
    return NULL;
  }
  uint8_t *head = bytes;
  uint32_t header[4] = { MAGIC, b->count, (uint32_t)data_bytes, b->postings > UINT32_MAX ? UINT32_MAX : (uint32_t)b->postings };
  memcpy(head, header, sizeof header);
  uint8_t *entry = head + 16;
  uint8_t *data = head + table;
  uint32_t offset = 0;
  for (uint32_t i = 0; i < b->count; i++) {
    List *list = &b->lists[order[i * 2 + 1]];
    uint32_t row[4] = { order[i * 2], list->ids, offset, list->length };
    memcpy(entry, row, sizeof row);
    entry += 16;
    memcpy(data + offset, list->data, list->length);
    offset += list->length;
  }
  free(order);
  builder_release(b);
  return out;
}

NAPI_MODULE_INIT() {
  return builder_module(env, exports, QUARRY_GRAMS_VERSION, create_builder, add, finish);
}
