/*
** What the first stage's two builders share (native/quarry_grams.c, trigrams by block;
** native/quarry_words.c, words by chunk): a growing list of varints, and the checks of
** their N-API calls' arguments. Included by each (their functions are static).
*/
#ifndef QUARRY_POSTINGS_H
#define QUARRY_POSTINGS_H

#include <node_api.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

/* One key's postings: varints (of gaps between ids, and whatever else the builder writes), and the last id. */
typedef struct {
  uint8_t *data;
  uint32_t length;
  uint32_t capacity;
  uint32_t ids;
  int64_t last;
} List;

/* Appends `value` as a varint, the list growing from `first_capacity` bytes; 0 when memory ran out. */
static int list_varint(List *list, uint64_t value, uint32_t first_capacity) {
  if (list->capacity - list->length < 10) {
    uint32_t capacity = list->capacity ? list->capacity * 2 : first_capacity;
    if (capacity < list->capacity) return 0;
    uint8_t *data = realloc(list->data, capacity);
    if (!data) return 0;
    list->data = data;
    list->capacity = capacity;
  }
  while (value >= 0x80) {
    list->data[list->length++] = (uint8_t)(value | 0x80);
    value >>= 7;
  }
  list->data[list->length++] = (uint8_t)value;
  return 1;
}

/*
** The call's first `count` arguments into argv, the first one a builder of this module: an external
** carrying `tag` (`what`: its kind, for the error; another module's builder or any other external is
** refused); NULL (an exception thrown) otherwise.
*/
static void *builder_argument(napi_env env, napi_callback_info info, size_t count, napi_value *argv, const char *usage, const char *what, const napi_type_tag *tag) {
  size_t argc = count;
  if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok || argc < count) {
    napi_throw_type_error(env, NULL, usage);
    return NULL;
  }
  void *data = NULL;
  bool tagged = false;
  if (napi_check_object_type_tag(env, argv[0], tag, &tagged) != napi_ok || !tagged
      || napi_get_value_external(env, argv[0], &data) != napi_ok || !data) {
    napi_throw_type_error(env, NULL, what);
    return NULL;
  }
  return data;
}

/* A new builder as a JavaScript value carrying `tag` that frees it when collected; NULL (it freed, or an exception thrown) when that fails. */
static napi_value builder_external(napi_env env, void *builder, napi_finalize finalize, const napi_type_tag *tag) {
  napi_value out;
  if (napi_create_external(env, builder, finalize, NULL, &out) != napi_ok) {
    finalize(env, builder, NULL);
    napi_throw_error(env, NULL, "out of memory for a builder");
    return NULL;
  }
  /* The external owns the builder from here: its finalizer frees it. */
  if (napi_type_tag_object(env, out, tag) != napi_ok) {
    napi_throw_error(env, NULL, "cannot tag the builder");
    return NULL;
  }
  return out;
}

/* The id argument of add(): above `last`, at most UINT32_MAX; 0 (an exception thrown) otherwise. */
static int id_argument(napi_env env, napi_value value, int64_t last, int64_t *id) {
  if (napi_get_value_int64(env, value, id) != napi_ok || *id <= last || *id > UINT32_MAX) {
    napi_throw_range_error(env, NULL, "ids must increase");
    return 0;
  }
  return 1;
}

/* A Uint8Array argument's bytes; 0 (an exception thrown) when it is not one. */
static int bytes_argument(napi_env env, napi_value value, void **data, size_t *length) {
  bool is_typed = false;
  napi_typedarray_type type = napi_int8_array;
  napi_is_typedarray(env, value, &is_typed);
  if (is_typed) napi_get_typedarray_info(env, value, &type, length, data, NULL, NULL);
  if (!is_typed || type != napi_uint8_array) {
    napi_throw_type_error(env, NULL, "bytes must be a Uint8Array");
    return 0;
  }
  return 1;
}

/* A builder module's exports: its version (the TypeScript side checks it), createBuilder, add and finish. */
static napi_value builder_module(napi_env env, napi_value exports, uint32_t version, napi_callback create, napi_callback add, napi_callback finish) {
  napi_value number;
  napi_create_uint32(env, version, &number);
  napi_property_descriptor properties[] = {
    { "version", NULL, NULL, NULL, NULL, number, napi_enumerable, NULL },
    { "createBuilder", NULL, create, NULL, NULL, NULL, napi_enumerable, NULL },
    { "add", NULL, add, NULL, NULL, NULL, napi_enumerable, NULL },
    { "finish", NULL, finish, NULL, NULL, NULL, napi_enumerable, NULL },
  };
  napi_define_properties(env, exports, sizeof properties / sizeof properties[0], properties);
  return exports;
}

#endif
