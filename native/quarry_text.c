/*
** quarry_text: two texts the prepare workers make for every chunk of every
** file, in native code (in JavaScript each took about a tenth of a kernel
** build's CPU):
**
**  - gramTokens: the trigram index's tokens (src/text/gram-tokens.ts);
**  - addedWords: what the word index adds to a chunk's text, the parts of its
**    compound identifiers and the stems of its words (src/text/identifiers.ts
**    wordIndexText), with Porter stemming as the `stemmer` package does it
**    (native/quarry_added_words.h, which the first stage's words builder
**    shares).
**
** Each follows its JavaScript twin exactly; tests compare them.
**
** gramTokens:
** The rule is gram-tokens.ts's, unit for unit: trigrams of UTF-16 code units,
** whitespace runs folded to one space, no trigram that starts with whitespace,
** each distinct trigram once in the order it first occurs, spelled in base 36
** (two digits per unit below 1295, `zz` and four digits above), joined by
** spaces. A test compares both on random and real text.
*/
#include <node_api.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "quarry_added_words.h"

/* What text/gram-tokens.ts checks before using the module. */
#define QUARRY_TEXT_VERSION 2

/* Units from here on are spelled `zz` and four digits. */
#define ESCAPE (36 * 36 - 1)
/* The longest token: three units of `zz` and four digits. */
#define TOKEN_MAX 18

static const char DIGITS[] = "0123456789abcdefghijklmnopqrstuvwxyz";


/* One per thread: the text's units, a set of the trigrams seen (open addressing, stamped), the output, addedWords' tables. */
typedef struct {
  uint16_t *units;
  size_t units_capacity;
  uint64_t *keys;
  uint32_t *stamps;
  size_t slots;
  uint32_t stamp;
  char *out;
  size_t out_capacity;
  Words *words;
} Instance;

static void instance_free(napi_env env, void *data, void *hint) {
  (void)env; (void)hint;
  Instance *instance = data;
  free(instance->units);
  free(instance->keys);
  free(instance->stamps);
  free(instance->out);
  words_free(instance->words);
  free(instance);
}

static int is_space(uint16_t unit) {
  return unit == 32 || (unit >= 9 && unit <= 13);
}

static size_t spell(uint16_t unit, char *out) {
  if (unit < ESCAPE) {
    out[0] = DIGITS[unit / 36];
    out[1] = DIGITS[unit % 36];
    return 2;
  }
  out[0] = 'z';
  out[1] = 'z';
  uint32_t rest = unit;
  for (int i = 5; i >= 2; i--) {
    out[i] = DIGITS[rest % 36];
    rest /= 36;
  }
  return 6;
}

/* Clears the set for a text of `length` units: a table at least twice the trigrams it can hold. */
static int reset_seen(Instance *instance, size_t length) {
  size_t wanted = 1024;
  while (wanted < 2 * length) wanted *= 2;
  if (wanted > instance->slots) {
    free(instance->keys);
    free(instance->stamps);
    instance->keys = malloc(wanted * sizeof *instance->keys);
    instance->stamps = calloc(wanted, sizeof *instance->stamps);
    instance->slots = instance->keys && instance->stamps ? wanted : 0;
    instance->stamp = 0;
    if (!instance->slots) return 0;
  }
  if (++instance->stamp == 0) {
    memset(instance->stamps, 0, instance->slots * sizeof *instance->stamps);
    instance->stamp = 1;
  }
  return 1;
}

/* Adds `key`; 1 when it was not in the set. Only the first `slots` of the table serve this text. */
static int add_seen(Instance *instance, uint64_t key, size_t slots) {
  size_t mask = slots - 1;
  size_t slot = (size_t)((key * 0x9e3779b97f4a7c15ull) >> 40) & mask;
  while (instance->stamps[slot] == instance->stamp) {
    if (instance->keys[slot] == key) return 0;
    slot = (slot + 1) & mask;
  }
  instance->stamps[slot] = instance->stamp;
  instance->keys[slot] = key;
  return 1;
}

/* The instance and the call's one string argument, read into instance->units (`length` units); NULL with an exception thrown. */
static Instance *text_argument(napi_env env, napi_callback_info info, const char *function, size_t *length) {
  size_t argc = 1;
  napi_value argv[1];
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  Instance *instance;
  char message[80];
  if (napi_get_instance_data(env, (void **)&instance) != napi_ok || !instance || argc < 1
      || napi_get_value_string_utf16(env, argv[0], NULL, 0, length) != napi_ok) {
    snprintf(message, sizeof message, "%s() takes a string", function);
    napi_throw_type_error(env, NULL, message);
    return NULL;
  }
  if (*length + 1 > instance->units_capacity) {
    uint16_t *units = realloc(instance->units, (*length + 1) * sizeof *units);
    if (!units) {
      snprintf(message, sizeof message, "%s(): out of memory", function);
      napi_throw_error(env, NULL, message);
      return NULL;
    }
    instance->units = units;
    instance->units_capacity = *length + 1;
  }
  napi_get_value_string_utf16(env, argv[0], (char16_t *)instance->units, *length + 1, length);
  return instance;
}

/* gramTokens(text): the tokens, joined by spaces. */
static napi_value gram_tokens(napi_env env, napi_callback_info info) {
  size_t length;
  Instance *instance = text_argument(env, info, "gramTokens", &length);
  if (!instance) return NULL;
  size_t out_needed = length * (TOKEN_MAX + 1) + 1;
  if (out_needed > instance->out_capacity) {
    char *out = realloc(instance->out, out_needed);
    if (!out) { napi_throw_error(env, NULL, "gramTokens(): out of memory"); return NULL; }
    instance->out = out;
    instance->out_capacity = out_needed;
  }
  if (!reset_seen(instance, length)) { napi_throw_error(env, NULL, "gramTokens(): out of memory"); return NULL; }
  size_t slots = 1024;
  while (slots < 2 * length) slots *= 2;

  const uint16_t *units = instance->units;
  char *out = instance->out;
  size_t written = 0;
  int32_t a = -1, b = -1;
  for (size_t i = 0; i < length; i++) {
    int32_t c = units[i];
    if (is_space((uint16_t)c)) {
      if (b == 32) continue; /* a run folds to one space */
      c = 32;
    }
    if (a >= 0 && a != 32) {
      uint64_t key = ((uint64_t)a << 32) | ((uint64_t)b << 16) | (uint64_t)c;
      if (add_seen(instance, key, slots)) {
        if (written > 0) out[written++] = ' ';
        written += spell((uint16_t)a, out + written);
        written += spell((uint16_t)b, out + written);
        written += spell((uint16_t)c, out + written);
      }
    }
    a = b;
    b = c;
  }
  napi_value result;
  if (napi_create_string_latin1(env, out, written, &result) != napi_ok) return NULL;
  return result;
}

/* addedWords(text): added_words_text() of a string ("" when nothing is added). */
static napi_value added_words(napi_env env, napi_callback_info info) {
  size_t length;
  Instance *instance = text_argument(env, info, "addedWords", &length);
  if (!instance) return NULL;
  if (length > ADDED_WORDS_TEXT_MAX) {
    napi_throw_range_error(env, NULL, "addedWords(): text too long (identifiers.ts handles it)");
    return NULL;
  }
  if (!instance->words) instance->words = words_new();
  Words *state = instance->words;
  if (!state || !added_words_text(state, instance->units, length, 1)) { napi_throw_error(env, NULL, "addedWords(): out of memory"); return NULL; }
  napi_value result;
  if (napi_create_string_latin1(env, state->out, state->out_length, &result) != napi_ok) return NULL;
  return result;
}

NAPI_MODULE_INIT() {
  Instance *instance = calloc(1, sizeof *instance);
  if (!instance) return NULL;
  napi_set_instance_data(env, instance, instance_free, NULL);
  napi_value fn, version;
  napi_create_function(env, "gramTokens", NAPI_AUTO_LENGTH, gram_tokens, NULL, &fn);
  napi_set_named_property(env, exports, "gramTokens", fn);
  napi_create_function(env, "addedWords", NAPI_AUTO_LENGTH, added_words, NULL, &fn);
  napi_set_named_property(env, exports, "addedWords", fn);
  napi_create_int32(env, QUARRY_TEXT_VERSION, &version);
  napi_set_named_property(env, exports, "version", version);
  return exports;
}
