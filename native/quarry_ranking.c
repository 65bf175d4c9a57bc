/*
** quarry_ranking: a SQLite loadable extension with two FTS5 auxiliary
** functions. quarry_column_hits(chunk_words, col) is how often the row holds
** the expression's phrases in column `col` (locate's term frequencies: an
** fts5vocab 'instance' table answers the same with one row per position,
** about three times slower). quarry_bm25() returns what FTS5's own bm25()
** returns, bit for bit, with three costs taken off:
**
**  - bm25() counts every phrase's rows (a pass over the phrase's whole
**    posting list) again in every statement that calls it, to get its idf.
**    A page of an any-term query asks several statements over the same
**    words, so the caller passes the counts it already keeps (one double per
**    phrase, in the expression's phrase order) and this function takes the
**    idf from them. With any other number of counts than phrases it counts
**    them itself, as bm25() does.
**  - bm25() reads every scored row's length from the size table, one lookup
**    statement per row (about half of a two-word page on the Linux kernel).
**    Given a key for the index's state, this function reads the whole size
**    table once per key into memory (per connection), and looks lengths up
**    there; a row it does not hold is looked up as bm25() does.
**  - bm25() lists every instance of every phrase in position order
**    (xInstCount sorts them across phrases) only to add each phrase's column
**    weights; this function walks each phrase's own positions.
**
**  SELECT -quarry_bm25(chunk_words, ?counts, ?lengths_key, w_col0, w_col1, ...) ...
**
** ?lengths_key: NULL, or text that changes whenever the rows' lengths may
** have (Quarry passes its index version and schema step). The size table is
** the word index's, chunk_words_docsize. Ids too sparse to hold (more than
** four per row) are looked up row by row under that key.
**
** Compiled with -ffp-contract=off, as better-sqlite3 compiles SQLite (C99):
** a fused multiply-add (arm64) would round differently from bm25().
**
** The arithmetic is bm25()'s (fts5_aux.c of the bundled SQLite): the same
** k1, b, idf floor, average length and order of operations.
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT1
#include <math.h>
#include <string.h>

/* What quarry_ranking_version() answers: src/store/ranking-extension.ts uses no other (a module left from an older checkout). */
#define QUARRY_RANKING_VERSION 4

/* Rows past this id, or ids far sparser than the rows, are not held in memory (4 bytes an id). */
#define LENGTHS_MAX_ID (1 << 25)
#define LENGTH_UNKNOWN 0xffffffffu

/* Every row's length in tokens (all columns), by rowid, as of `zKey`: one per connection. */
typedef struct RowLengths {
  char *zKey;
  unsigned int *aLen;
  sqlite3_int64 nLen;
} RowLengths;

static void rowLengthsFree(void *p){
  RowLengths *pLengths = (RowLengths*)p;
  if( pLengths ){
    sqlite3_free(pLengths->zKey);
    sqlite3_free(pLengths->aLen);
    sqlite3_free(pLengths);
  }
}

/* The sum of an FTS5 size record's varints (SQLite's varint: big-endian 7-bit groups, a 9th byte of 8). */
static unsigned int recordSum(const unsigned char *a, int n){
  unsigned int sum = 0;
  int i = 0;
  while( i<n ){
    sqlite3_uint64 v = 0;
    int j;
    for(j=0; j<8 && i<n; j++){
      unsigned char c = a[i++];
      v = (v<<7) | (c & 0x7f);
      if( (c & 0x80)==0 ) break;
      if( j==7 && i<n ){ v = (v<<8) | a[i++]; }
    }
    sum += (unsigned int)v;
  }
  return sum;
}

/*
** Reads every row's length when `zKey` differs from the one held. On any failure (or ids too
** sparse to hold) the lengths are dropped, and rows are looked up one by one.
*/
static void loadLengths(sqlite3 *db, RowLengths *p, const char *zKey, sqlite3_int64 nRow){
  sqlite3_stmt *pStmt = 0;
  sqlite3_int64 maxId = -1;
  int rc;
  if( p->zKey && strcmp(p->zKey, zKey)==0 ) return;
  sqlite3_free(p->zKey); p->zKey = 0;
  sqlite3_free(p->aLen); p->aLen = 0; p->nLen = 0;
  rc = sqlite3_prepare_v2(db, "SELECT max(id) FROM chunk_words_docsize", -1, &pStmt, 0);
  if( rc==SQLITE_OK && sqlite3_step(pStmt)==SQLITE_ROW ) maxId = sqlite3_column_int64(pStmt, 0);
  sqlite3_finalize(pStmt);
  if( rc!=SQLITE_OK || maxId<0 || maxId>=LENGTHS_MAX_ID || maxId>4*nRow+1024 ){
    /* Held as known-absent under this key: its rows are looked up one by one, without asking again. */
    p->zKey = sqlite3_mprintf("%s", zKey);
    return;
  }
  p->aLen = (unsigned int*)sqlite3_malloc64(sizeof(unsigned int)*(maxId+1));
  if( p->aLen==0 ) return;
  memset(p->aLen, 0xff, sizeof(unsigned int)*(maxId+1));
  p->nLen = maxId+1;
  rc = sqlite3_prepare_v2(db, "SELECT id, sz FROM chunk_words_docsize", -1, &pStmt, 0);
  while( rc==SQLITE_OK && sqlite3_step(pStmt)==SQLITE_ROW ){
    sqlite3_int64 id = sqlite3_column_int64(pStmt, 0);
    if( id>=0 && id<p->nLen ){
      p->aLen[id] = recordSum((const unsigned char*)sqlite3_column_blob(pStmt, 1), sqlite3_column_bytes(pStmt, 1));
    }
  }
  if( rc==SQLITE_OK ) rc = sqlite3_finalize(pStmt); else sqlite3_finalize(pStmt);
  p->zKey = rc==SQLITE_OK ? sqlite3_mprintf("%s", zKey) : 0;
  if( p->zKey==0 ){ sqlite3_free(p->aLen); p->aLen = 0; p->nLen = 0; }
}

typedef struct Bm25Data {
  int nPhrase;
  double avgdl;
  double aIdf[1]; /* nPhrase of them */
} Bm25Data;

static int countCb(const Fts5ExtensionApi *pApi, Fts5Context *pFts, void *pUser){
  (void)pApi; (void)pFts;
  (*(sqlite3_int64*)pUser)++;
  return SQLITE_OK;
}

/* The statement's constants, computed on its first row and kept as its auxdata. */
static int loadData(const Fts5ExtensionApi *pApi, Fts5Context *pFts, sqlite3_value *pCounts, Bm25Data **ppData){
  Bm25Data *p = (Bm25Data*)pApi->xGetAuxdata(pFts, 0);
  if( p==0 ){
    int nPhrase = pApi->xPhraseCount(pFts);
    int given = sqlite3_value_type(pCounts)==SQLITE_BLOB && sqlite3_value_bytes(pCounts)==nPhrase*(int)sizeof(double);
    const unsigned char *aCount = given ? (const unsigned char*)sqlite3_value_blob(pCounts) : 0;
    sqlite3_int64 nRow = 0, nToken = 0;
    int rc, i;
    p = (Bm25Data*)sqlite3_malloc64(sizeof(Bm25Data) + sizeof(double)*(nPhrase>0 ? nPhrase : 1));
    if( p==0 ) return SQLITE_NOMEM;
    memset(p, 0, sizeof(Bm25Data));
    p->nPhrase = nPhrase;
    rc = pApi->xRowCount(pFts, &nRow);
    if( rc==SQLITE_OK ) rc = pApi->xColumnTotalSize(pFts, -1, &nToken);
    if( rc==SQLITE_OK ) p->avgdl = (double)nToken / (double)nRow;
    for(i=0; rc==SQLITE_OK && i<nPhrase; i++){
      double nHit;
      if( aCount ){
        memcpy(&nHit, &aCount[i*sizeof(double)], sizeof(double));
      }else{
        sqlite3_int64 n = 0;
        rc = pApi->xQueryPhrase(pFts, i, (void*)&n, countCb);
        nHit = (double)n;
      }
      if( rc==SQLITE_OK ){
        double idf = log( (nRow - nHit + 0.5) / (nHit + 0.5) );
        if( idf<=0.0 ) idf = 1e-6;
        p->aIdf[i] = idf;
      }
    }
    if( rc==SQLITE_OK ) rc = pApi->xSetAuxdata(pFts, p, sqlite3_free);
    else sqlite3_free(p);
    if( rc!=SQLITE_OK ) return rc;
  }
  *ppData = p;
  return SQLITE_OK;
}

static void quarryBm25(
  const Fts5ExtensionApi *pApi, Fts5Context *pFts, sqlite3_context *pCtx, int nVal, sqlite3_value **apVal
){
  const double k1 = 1.2;
  const double b = 0.75;
  Bm25Data *p = 0;
  double score = 0.0;
  double D;
  int nTok = 0;
  int rc, i;

  if( nVal<2 ){
    sqlite3_result_error(pCtx, "quarry_bm25: the phrases' row counts and the lengths' key are needed", -1);
    return;
  }
  rc = loadData(pApi, pFts, apVal[0], &p);
  if( rc==SQLITE_OK ){
    RowLengths *pLengths = (RowLengths*)pApi->xUserData(pFts);
    const unsigned char *zKey = nVal>1 ? sqlite3_value_text(apVal[1]) : 0;
    sqlite3_int64 iRowid = pApi->xRowid(pFts);
    unsigned int len = LENGTH_UNKNOWN;
    if( zKey && pLengths ){
      sqlite3_int64 nRow = 0;
      rc = pApi->xRowCount(pFts, &nRow);
      if( rc==SQLITE_OK ) loadLengths(sqlite3_context_db_handle(pCtx), pLengths, (const char*)zKey, nRow);
      if( iRowid>=0 && iRowid<pLengths->nLen ) len = pLengths->aLen[iRowid];
    }
    if( rc==SQLITE_OK ){
      /* Looked up through the connection's lengths on every row: another statement may load others. */
      if( len==LENGTH_UNKNOWN ) rc = pApi->xColumnSize(pFts, -1, &nTok);
      else nTok = (int)len;
    }
  }
  D = (double)nTok;
  for(i=0; rc==SQLITE_OK && i<p->nPhrase; i++){
    Fts5PhraseIter iter;
    int iCol = 0, iOff = 0;
    double freq = 0.0;
    rc = pApi->xPhraseFirst(pFts, i, &iter, &iCol, &iOff);
    for(; rc==SQLITE_OK && iCol>=0; pApi->xPhraseNext(pFts, &iter, &iCol, &iOff)){
      freq += (nVal > 2 + iCol) ? sqlite3_value_double(apVal[2 + iCol]) : 1.0;
    }
    if( rc==SQLITE_OK ){
      score += p->aIdf[i] * (
          ( freq * (k1 + 1.0) ) /
          ( freq + k1 * (1 - b + b * D / p->avgdl) )
      );
    }
  }
  if( rc==SQLITE_OK ){
    sqlite3_result_double(pCtx, -1.0 * score);
  }else{
    sqlite3_result_error_code(pCtx, rc);
  }
}

/* quarry_column_hits(chunk_words, col): the instances of every phrase of the expression in column `col` of this row. */
static void quarryColumnHits(
  const Fts5ExtensionApi *pApi, Fts5Context *pFts, sqlite3_context *pCtx, int nVal, sqlite3_value **apVal
){
  int iWanted, i, rc = SQLITE_OK;
  sqlite3_int64 nHit = 0;
  if( nVal!=1 ){
    sqlite3_result_error(pCtx, "quarry_column_hits: the column's index is needed", -1);
    return;
  }
  iWanted = sqlite3_value_int(apVal[0]);
  for(i=0; rc==SQLITE_OK && i<pApi->xPhraseCount(pFts); i++){
    Fts5PhraseIter iter;
    int iCol = 0, iOff = 0;
    rc = pApi->xPhraseFirst(pFts, i, &iter, &iCol, &iOff);
    for(; rc==SQLITE_OK && iCol>=0; pApi->xPhraseNext(pFts, &iter, &iCol, &iOff)){
      if( iCol==iWanted ) nHit++;
    }
  }
  if( rc==SQLITE_OK ) sqlite3_result_int64(pCtx, nHit);
  else sqlite3_result_error_code(pCtx, rc);
}

static void rankingVersion(sqlite3_context *pCtx, int nVal, sqlite3_value **apVal){
  (void)nVal; (void)apVal;
  sqlite3_result_int(pCtx, QUARRY_RANKING_VERSION);
}

/* quarry_ranking_lengths_key(): the key whose rows' lengths this connection holds, NULL before any (read ahead by a search worker, see SqliteReader.warm). */
static void lengthsKey(sqlite3_context *pCtx, int nVal, sqlite3_value **apVal){
  RowLengths *pLengths = (RowLengths*)sqlite3_user_data(pCtx);
  (void)nVal; (void)apVal;
  if( pLengths->zKey ) sqlite3_result_text(pCtx, pLengths->zKey, -1, SQLITE_TRANSIENT);
  else sqlite3_result_null(pCtx);
}

/* FTS5's API object of this connection (the documented `SELECT fts5(?1)` handshake). */
static fts5_api *fts5Api(sqlite3 *db){
  fts5_api *pApi = 0;
  sqlite3_stmt *pStmt = 0;
  if( sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &pStmt, 0)==SQLITE_OK ){
    sqlite3_bind_pointer(pStmt, 1, (void*)&pApi, "fts5_api_ptr", 0);
    sqlite3_step(pStmt);
  }
  sqlite3_finalize(pStmt);
  return pApi;
}

#ifdef _WIN32
__declspec(dllexport)
#endif
int sqlite3_quarryranking_init(sqlite3 *db, char **pzErrMsg, const sqlite3_api_routines *pApi){
  fts5_api *fts;
  SQLITE_EXTENSION_INIT2(pApi);
  fts = fts5Api(db);
  if( fts==0 || fts->iVersion<2 ){
    *pzErrMsg = sqlite3_mprintf("quarry_ranking: this SQLite has no FTS5 (version 2 or later)");
    return SQLITE_ERROR;
  }
  {
    int rc = sqlite3_create_function(db, "quarry_ranking_version", 0, SQLITE_UTF8 | SQLITE_DETERMINISTIC, 0, rankingVersion, 0, 0);
    RowLengths *pLengths;
    if( rc!=SQLITE_OK ) return rc;
    pLengths = (RowLengths*)sqlite3_malloc64(sizeof(RowLengths));
    if( pLengths==0 ) return SQLITE_NOMEM;
    memset(pLengths, 0, sizeof(RowLengths));
    rc = fts->xCreateFunction(fts, "quarry_bm25", (void*)pLengths, quarryBm25, rowLengthsFree);
    /* FTS5 calls the destructor only once the function is registered. */
    if( rc!=SQLITE_OK ){ rowLengthsFree(pLengths); return rc; }
    rc = fts->xCreateFunction(fts, "quarry_column_hits", 0, quarryColumnHits, 0);
    if( rc!=SQLITE_OK ) return rc;
    /* Shares the lengths, which the connection frees with quarry_bm25 when it closes. */
    return sqlite3_create_function(db, "quarry_ranking_lengths_key", 0, SQLITE_UTF8, (void*)pLengths, lengthsKey, 0, 0);
  }
}
