/*
** quarry_added_words.h: what the word index adds to a chunk's text, the parts of its compound
** identifiers and the stems of its words (src/text/identifiers.ts wordIndexText), with Porter
** stemming as the `stemmer` package does it. Included by quarry_text.c (addedWords, for the
** prepare workers' strings) and quarry_words.c (a file's chunks read as bytes, for the first
** stage); its functions are static. Tests compare both with the JavaScript.
*/
#ifndef QUARRY_ADDED_WORDS_H
#define QUARRY_ADDED_WORDS_H
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Distinct identifiers remembered per thread, as identifiers.ts's IDENTIFIER_CACHE_MAX; cleared between texts when full. */
#define WORDS_MAX 50000
/* Texts longer than this are left to identifiers.ts (JS): one text then adds at most 32,768 words, and the tables stay under 2/3 full. */
#define ADDED_WORDS_TEXT_MAX 65536
#define WORDS_SLOTS (1 << 17)
#define STEMS_SLOTS (1 << 17)
/* The longest word stemmed here; longer identifiers' parts are stemmed too, in a buffer of their own size. */
#define STEM_BUFFER 256

typedef struct { uint32_t offset, length; } Span;

/* An identifier: its parts' line (length 0 when it is not a compound) and its stems (ids into the stem table). */
typedef struct {
  Span key, parts;
  uint32_t stems_offset, stems_count;
  uint32_t listed;
} Word;

typedef struct {
  Span key;
  uint32_t listed;
} Stem;

typedef struct Words {
  char *chars; size_t chars_length, chars_capacity;
  uint32_t *ids; size_t ids_length, ids_capacity;
  Word *words; size_t word_count, words_capacity;
  Stem *stems; size_t stem_count, stems_capacity;
  int32_t *word_slots, *stem_slots;
  uint32_t text;
  char *out; size_t out_length, out_capacity;
  uint32_t *compounds; size_t compounds_capacity;
  uint32_t *text_stems; size_t text_stems_capacity;
} Words;

static void words_free(Words *state) {
  if (!state) return;
  free(state->chars); free(state->ids); free(state->words); free(state->stems);
  free(state->word_slots); free(state->stem_slots); free(state->out);
  free(state->compounds); free(state->text_stems);
  free(state);
}

static int is_aeiou(char c) { return c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u'; }

/*
** The stemmer's consonant-vowel expressions, read as runs: a consonant run starts with any
** character but aeiou and goes on over any but aeiouy; a vowel run starts with one of aeiouy and
** goes on over aeiou. Each run can end only where the next kind starts, so the runs are fixed,
** and `measure` (the expressions' m) counts vowel runs followed by a consonant run.
*/
static size_t consonant_run(const char *w, size_t n, size_t i) {
  for (i++; i < n && !is_aeiou(w[i]) && w[i] != 'y'; i++) {}
  return i;
}

static int measure(const char *w, size_t n) {
  size_t i = 0;
  int m = 0;
  if (n > 0 && !is_aeiou(w[0])) i = consonant_run(w, n, 0);
  while (i < n) {
    for (i++; i < n && is_aeiou(w[i]); i++) {}
    if (i >= n) break;
    m++;
    i = consonant_run(w, n, i);
  }
  return m;
}

/* ^C?[aeiouy] */
static int vowel_in_stem(const char *w, size_t n) {
  size_t i = 0;
  if (n > 0 && !is_aeiou(w[0])) i = consonant_run(w, n, 0);
  return i < n;
}

/* ^C[aeiouy][^aeiouwxy]$ */
static int consonant_like(const char *w, size_t n) {
  if (n < 3 || is_aeiou(w[0])) return 0;
  size_t i = consonant_run(w, n, 0);
  char last = w[n - 1];
  return i + 2 == n && !is_aeiou(last) && last != 'w' && last != 'x' && last != 'y';
}

static int ends_with(const char *w, size_t n, const char *suffix) {
  size_t length = strlen(suffix);
  return n >= length && memcmp(w + n - length, suffix, length) == 0;
}

/* The longest of `suffixes` that `w` ends with after at least one character (^(.+?)(a|b|...)$), or -1. */
static int longest_suffix(const char *w, size_t n, const char *const *suffixes, size_t count) {
  int best = -1;
  size_t best_length = 0;
  for (size_t i = 0; i < count; i++) {
    size_t length = strlen(suffixes[i]);
    if (length < n && length > best_length && ends_with(w, n, suffixes[i])) { best = (int)i; best_length = length; }
  }
  return best;
}

static const char *const STEP2[] = { "ational", "tional", "enci", "anci", "izer", "bli", "alli", "entli", "eli", "ousli", "ization", "ation", "ator", "alism", "iveness", "fulness", "ousness", "aliti", "iviti", "biliti", "logi" };
static const char *const STEP2_TO[] = { "ate", "tion", "ence", "ance", "ize", "ble", "al", "ent", "e", "ous", "ize", "ate", "ate", "al", "ive", "ful", "ous", "al", "ive", "ble", "log" };
static const char *const STEP3[] = { "icate", "ative", "alize", "iciti", "ical", "ful", "ness" };
static const char *const STEP3_TO[] = { "ic", "", "al", "ic", "ic", "", "" };
static const char *const STEP4[] = { "al", "ance", "ence", "er", "ic", "able", "ible", "ant", "ement", "ment", "ent", "ou", "ism", "ate", "iti", "ous", "ive", "ize" };
#define COUNT(list) (sizeof(list) / sizeof((list)[0]))

/* Replaces the last `cut` characters of w[0..n) with `with`; the new length. */
static size_t replace_end(char *w, size_t n, size_t cut, const char *with) {
  size_t length = strlen(with);
  memcpy(w + n - cut, with, length);
  return n - cut + length;
}

/* The `stemmer` package's Porter stemmer (its regular expressions, step by step) on lower-case w[0..n); room for one more character. */
static size_t porter(char *w, size_t n) {
  if (n < 3) return n;
  int initial_y = w[0] == 'y';
  if (initial_y) w[0] = 'Y';
  /* Step 1a. */
  if ((n > 4 && ends_with(w, n, "sses")) || (n > 3 && ends_with(w, n, "ies"))) n -= 2;
  else if (n >= 3 && w[n - 1] == 's' && w[n - 2] != 's') n -= 1;
  /* Step 1b. */
  if (n > 3 && ends_with(w, n, "eed")) {
    if (measure(w, n - 3) > 0) n -= 1;
  } else {
    size_t stem = 0;
    if (n > 2 && ends_with(w, n, "ed")) stem = n - 2;
    else if (n > 3 && ends_with(w, n, "ing")) stem = n - 3;
    if (stem > 0 && vowel_in_stem(w, stem)) {
      n = stem;
      if (ends_with(w, n, "at") || ends_with(w, n, "bl") || ends_with(w, n, "iz")) w[n++] = 'e';
      else if (n >= 2 && w[n - 1] == w[n - 2] && !strchr("aeiouylsz", w[n - 1])) n -= 1;
      else if (consonant_like(w, n)) w[n++] = 'e';
    }
  }
  /* Step 1c. */
  if (n > 1 && w[n - 1] == 'y' && vowel_in_stem(w, n - 1)) w[n - 1] = 'i';
  /* Steps 2 and 3. */
  int found = longest_suffix(w, n, STEP2, COUNT(STEP2));
  if (found >= 0 && measure(w, n - strlen(STEP2[found])) > 0) n = replace_end(w, n, strlen(STEP2[found]), STEP2_TO[found]);
  found = longest_suffix(w, n, STEP3, COUNT(STEP3));
  if (found >= 0 && measure(w, n - strlen(STEP3[found])) > 0) n = replace_end(w, n, strlen(STEP3[found]), STEP3_TO[found]);
  /* Step 4. */
  found = longest_suffix(w, n, STEP4, COUNT(STEP4));
  if (found >= 0) {
    if (measure(w, n - strlen(STEP4[found])) > 1) n -= strlen(STEP4[found]);
  } else if (n > 4 && ends_with(w, n, "ion") && (w[n - 4] == 's' || w[n - 4] == 't') && measure(w, n - 3) > 1) {
    n -= 3;
  }
  /* Step 5. */
  if (n > 1 && w[n - 1] == 'e') {
    int m = measure(w, n - 1);
    if (m > 1 || (m == 1 && !consonant_like(w, n - 1))) n -= 1;
  }
  if (ends_with(w, n, "ll") && measure(w, n) > 1) n -= 1;
  if (initial_y) w[0] = 'y';
  return n;
}

static uint32_t hash_bytes(const char *bytes, size_t length) {
  uint32_t hash = 2166136261u;
  for (size_t i = 0; i < length; i++) hash = (hash ^ (uint8_t)bytes[i]) * 16777619u;
  return hash;
}

static int grow(void **items, size_t *capacity, size_t needed, size_t size) {
  if (needed <= *capacity) return 1;
  size_t next = *capacity ? *capacity : 256;
  while (next < needed) next *= 2;
  void *grown = realloc(*items, next * size);
  if (!grown) return 0;
  *items = grown;
  *capacity = next;
  return 1;
}

/* Appends bytes to the arena; their span. */
static int keep_chars(Words *state, const char *bytes, size_t length, Span *span) {
  if (!grow((void **)&state->chars, &state->chars_capacity, state->chars_length + length, 1)) return 0;
  memcpy(state->chars + state->chars_length, bytes, length);
  span->offset = (uint32_t)state->chars_length;
  span->length = (uint32_t)length;
  state->chars_length += length;
  return 1;
}

static void clear_words(Words *state) {
  state->chars_length = 0;
  state->ids_length = 0;
  state->word_count = 0;
  state->stem_count = 0;
  memset(state->word_slots, 0xff, WORDS_SLOTS * sizeof *state->word_slots);
  memset(state->stem_slots, 0xff, STEMS_SLOTS * sizeof *state->stem_slots);
}

/* The id of stem `bytes`, added when new; -1 when out of memory. */
static int64_t stem_id(Words *state, const char *bytes, size_t length) {
  uint32_t slot = hash_bytes(bytes, length) & (STEMS_SLOTS - 1);
  for (; state->stem_slots[slot] >= 0; slot = (slot + 1) & (STEMS_SLOTS - 1)) {
    Stem *stem = &state->stems[state->stem_slots[slot]];
    if (stem->key.length == length && memcmp(state->chars + stem->key.offset, bytes, length) == 0) return state->stem_slots[slot];
  }
  Stem stem = { { 0, 0 }, 0 };
  if (!keep_chars(state, bytes, length, &stem.key)) return -1;
  if (!grow((void **)&state->stems, &state->stems_capacity, state->stem_count + 1, sizeof *state->stems)) return -1;
  state->stems[state->stem_count] = stem;
  state->stem_slots[slot] = (int32_t)state->stem_count;
  return state->stem_count++;
}

/* identifiers.ts wordStem on a part (lower-case letters and digits): its stem's id, -2 when it has none, -1 when out of memory. */
static int64_t part_stem(Words *state, const char *part, size_t length) {
  /* STEMMABLE: a letter, then lower-case letters (parts are lower-case already). */
  if (length < 2) return -2;
  for (size_t i = 0; i < length; i++) if (part[i] < 'a' || part[i] > 'z') return -2;
  char small[STEM_BUFFER];
  char *w = length + 1 <= sizeof small ? small : malloc(length + 1);
  if (!w) return -1;
  memcpy(w, part, length);
  size_t n = porter(w, length);
  int64_t id = -2;
  if ((n != length || memcmp(w, part, length) != 0) && n > 1) id = stem_id(state, w, n);
  if (w != small) free(w);
  return id;
}

/* identifiers.ts splitIdentifier and identifierWords for an identifier new to the table; its word, or NULL. */
static Word *add_word(Words *state, const char *identifier, size_t length, uint32_t slot) {
  if (!grow((void **)&state->words, &state->words_capacity, state->word_count + 1, sizeof *state->words)) return NULL;
  Word word = { { 0, 0 }, { 0, 0 }, (uint32_t)state->ids_length, 0, 0 };
  if (!keep_chars(state, identifier, length, &word.key)) return NULL;
  /* The parts, lower-cased, each followed by a space in `line` (the last one dropped below). */
  char small[STEM_BUFFER * 2];
  char *line = 2 * length + 1 <= sizeof small ? small : malloc(2 * length + 1);
  if (!line) return NULL;
  size_t line_length = 0, parts = 0, first_part_length = 0;
  size_t at = 0;
#define UPPER(c) ((c) >= 'A' && (c) <= 'Z')
#define LOWER(c) ((c) >= 'a' && (c) <= 'z')
#define DIGIT(c) ((c) >= '0' && (c) <= '9')
  while (at < length) {
    char c = identifier[at];
    size_t end;
    if (UPPER(c)) {
      for (end = at; end < length && UPPER(identifier[end]); end++) {}
      if (end < length && LOWER(identifier[end])) {
        /* HTMLParser: the last capital starts the next word. */
        if (end - at > 1) {
          for (size_t i = at; i < end - 1; i++) line[line_length++] = (char)(identifier[i] | 0x20);
          line[line_length++] = ' ';
          if (parts++ == 0) first_part_length = end - 1 - at;
        }
        at = end - 1;
        while (end < length && LOWER(identifier[end])) end++;
      }
    } else if (LOWER(c)) {
      for (end = at; end < length && LOWER(identifier[end]); end++) {}
    } else if (DIGIT(c)) {
      for (end = at; end < length && DIGIT(identifier[end]); end++) {}
    } else {
      at++;
      continue;
    }
    for (size_t i = at; i < end; i++) line[line_length++] = UPPER(identifier[i]) ? (char)(identifier[i] | 0x20) : identifier[i];
    line[line_length++] = ' ';
    if (parts++ == 0) first_part_length = end - at;
    at = end;
  }
#undef UPPER
#undef LOWER
#undef DIGIT
  if (line_length > 0) line_length--; /* the last space */
  /* A compound: several parts, or one that differs from the identifier lower-cased (`_not`, `__iter__`). */
  int compound = parts > 1;
  if (parts == 1) {
    compound = first_part_length != length;
    for (size_t i = 0; !compound && i < length; i++) compound = line[i] != (char)(identifier[i] >= 'A' && identifier[i] <= 'Z' ? identifier[i] | 0x20 : identifier[i]);
  }
  int ok = !compound || keep_chars(state, line, line_length, &word.parts);
  /* The stems of the parts, in order (repeats kept: the text's set drops them). */
  for (size_t start = 0; ok && start < line_length;) {
    size_t end = start;
    while (end < line_length && line[end] != ' ') end++;
    int64_t id = part_stem(state, line + start, end - start);
    if (id == -1) ok = 0;
    else if (id >= 0) {
      ok = grow((void **)&state->ids, &state->ids_capacity, state->ids_length + 1, sizeof *state->ids);
      if (ok) { state->ids[state->ids_length++] = (uint32_t)id; word.stems_count++; }
    }
    start = end + 1;
  }
  if (line != small) free(line);
  if (!ok) return NULL;
  state->words[state->word_count] = word;
  state->word_slots[slot] = (int32_t)state->word_count;
  return &state->words[state->word_count++];
}

/* The identifier's word, from the table or made now; NULL when out of memory. */
static Word *word_of(Words *state, const char *identifier, size_t length) {
  uint32_t slot = hash_bytes(identifier, length) & (WORDS_SLOTS - 1);
  for (; state->word_slots[slot] >= 0; slot = (slot + 1) & (WORDS_SLOTS - 1)) {
    Word *word = &state->words[state->word_slots[slot]];
    if (word->key.length == length && memcmp(state->chars + word->key.offset, identifier, length) == 0) return word;
  }
  return add_word(state, identifier, length, slot);
}

static int out_append(Words *state, const char *bytes, size_t length) {
  if (!grow((void **)&state->out, &state->out_capacity, state->out_length + length, 1)) return 0;
  memcpy(state->out + state->out_length, bytes, length);
  state->out_length += length;
  return 1;
}

/* Empty tables; NULL when out of memory. */
static Words *words_new(void) {
  Words *state = calloc(1, sizeof *state);
  if (!state) return NULL;
  state->word_slots = malloc(WORDS_SLOTS * sizeof *state->word_slots);
  state->stem_slots = malloc(STEMS_SLOTS * sizeof *state->stem_slots);
  if (!state->word_slots || !state->stem_slots) { words_free(state); return NULL; }
  clear_words(state);
  return state;
}

static int is_identifier_start(uint16_t c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_'; }
static int is_identifier_char(uint16_t c) { return is_identifier_start(c) || (c >= '0' && c <= '9'); }

/*
** What identifiers.ts wordIndexText adds to `length` units of text, into state->out (out_length; ""
** when nothing), from its leading newline: a line per distinct compound identifier with its parts,
** in order, then a line with the distinct stems. The units are UTF-16 (`wide`) or bytes; only ASCII
** ones make identifiers. At most ADDED_WORDS_TEXT_MAX units; 0 when memory ran out.
*/
static int added_words_text(Words *state, const void *text, size_t length, int wide) {
  /* Both tables are emptied together, between texts, when either holds WORDS_MAX: stems are referred to by words. */
  if (state->word_count >= WORDS_MAX || state->stem_count >= WORDS_MAX) clear_words(state);
  uint32_t listed = ++state->text;
  if (listed == 0) { clear_words(state); listed = state->text = 1; }
  size_t compounds = 0, stems = 0;
  char small[STEM_BUFFER];
#define UNIT(i) (wide ? ((const uint16_t *)text)[i] : ((const uint8_t *)text)[i])
  int ok = 1;
  for (size_t i = 0; ok && i < length;) {
    if (!is_identifier_start(UNIT(i))) { i++; continue; }
    size_t end = i + 1;
    while (end < length && is_identifier_char(UNIT(end))) end++;
    size_t n = end - i;
    char *identifier = n <= sizeof small ? small : malloc(n);
    if (!identifier) { ok = 0; break; }
    for (size_t k = 0; k < n; k++) identifier[k] = (char)UNIT(i + k);
    Word *word = word_of(state, identifier, n);
    if (identifier != small) free(identifier);
    i = end;
    if (!word) { ok = 0; break; }
    if (word->listed == listed) continue;
    word->listed = listed;
    if (word->parts.length > 0) {
      ok = grow((void **)&state->compounds, &state->compounds_capacity, compounds + 1, sizeof *state->compounds);
      if (ok) state->compounds[compounds++] = (uint32_t)(word - state->words);
    }
    for (uint32_t k = 0; ok && k < word->stems_count; k++) {
      Stem *stem = &state->stems[state->ids[word->stems_offset + k]];
      if (stem->listed == listed) continue;
      stem->listed = listed;
      ok = grow((void **)&state->text_stems, &state->text_stems_capacity, stems + 1, sizeof *state->text_stems);
      if (ok) state->text_stems[stems++] = state->ids[word->stems_offset + k];
    }
  }
#undef UNIT
  state->out_length = 0;
  for (size_t k = 0; ok && k < compounds; k++) {
    Word *word = &state->words[state->compounds[k]];
    ok = out_append(state, "\n", 1) && out_append(state, state->chars + word->parts.offset, word->parts.length);
  }
  for (size_t k = 0; ok && k < stems; k++) {
    Stem *stem = &state->stems[state->text_stems[k]];
    ok = out_append(state, k == 0 ? "\n" : " ", 1) && out_append(state, state->chars + stem->key.offset, stem->key.length);
  }
  return ok;
}

#endif
