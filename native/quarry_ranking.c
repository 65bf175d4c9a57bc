/*
** quarry_ranking: a SQLite loadable extension with FTS5 auxiliary functions
** (quarry_word_blocks() and quarry_bm25_bounded(), for block maxima, are
** described where they are defined). quarry_column_hits(chunk_words, col) is
** how often the row holds the expression's phrases in column `col` (locate's term frequencies: an
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
** It can also keep, for the best rows of one statement, how often each phrase
** occurs in each column: the numbers it scores them by. `SELECT
** quarry_keep_rows(N)` asks the next statement that calls quarry_bm25() on
** the connection to keep its N best rows (by score, then lowest rowid: the
** rows of `ORDER BY score DESC, rowid LIMIT N`); `SELECT quarry_kept_rows()`
** then returns them once (see keptRowsBlob) and forgets them. The second
** ranking stage scores its pool from these instead of tokenising each
** chunk's text again.
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
#define QUARRY_RANKING_VERSION 7

/* Rows past this id, or ids far sparser than the rows, are not held in memory (4 bytes an id). */
#define LENGTHS_MAX_ID (1 << 25)
#define LENGTH_UNKNOWN 0xffffffffu

/*
** The best rows of one statement with each phrase's instances per column (quarry_keep_rows()):
** a heap whose root is the worst row kept (lowest score; of equal scores, the highest rowid).
*/
typedef struct KeptRows {
  int nWanted;         /* rows asked for by quarry_keep_rows(); 0: none */
  int bClaimed;        /* a statement is keeping them (its phrases and columns are these) */
  int nPhrase, nCol;
  int nRow;            /* rows held, at most nWanted */
  sqlite3_int64 *aRowid;
  double *aScore;
  int *aHit;           /* nPhrase * nCol per row, in the heap's order */
} KeptRows;

/* What quarry_bm25() keeps per connection: every row's length in tokens (all columns), by rowid, as of `zKey`, and the kept rows. */
typedef struct RowLengths {
  char *zKey;
  unsigned int *aLen;
  sqlite3_int64 nLen;
  KeptRows kept;
} RowLengths;

static void keptRowsClear(KeptRows *p){
  sqlite3_free(p->aRowid);
  sqlite3_free(p->aScore);
  sqlite3_free(p->aHit);
  memset(p, 0, sizeof(KeptRows));
}

static void rowLengthsFree(void *p){
  RowLengths *pLengths = (RowLengths*)p;
  if( pLengths ){
    sqlite3_free(pLengths->zKey);
    sqlite3_free(pLengths->aLen);
    keptRowsClear(&pLengths->kept);
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
  KeptRows *pKept;  /* the connection's kept rows, when this statement keeps them; else 0 */
  int *aHit;        /* this row's instances per phrase and column, while keeping */
  double aIdf[1];   /* nPhrase of them */
} Bm25Data;

static void bm25DataFree(void *p){
  if( p ) sqlite3_free(((Bm25Data*)p)->aHit);
  sqlite3_free(p);
}

/* Claims the connection's pending quarry_keep_rows() for this statement; SQLITE_NOMEM or SQLITE_OK. */
static int claimKeptRows(KeptRows *pKept, Bm25Data *p, int nCol){
  int n = pKept->nWanted;
  if( n<=0 || pKept->bClaimed ) return SQLITE_OK;
  pKept->aRowid = (sqlite3_int64*)sqlite3_malloc64(sizeof(sqlite3_int64)*n);
  pKept->aScore = (double*)sqlite3_malloc64(sizeof(double)*n);
  pKept->aHit = (int*)sqlite3_malloc64(sizeof(int)*(sqlite3_int64)n*(p->nPhrase>0 ? p->nPhrase : 1)*nCol);
  p->aHit = (int*)sqlite3_malloc64(sizeof(int)*(p->nPhrase>0 ? p->nPhrase : 1)*nCol);
  if( !pKept->aRowid || !pKept->aScore || !pKept->aHit || !p->aHit ){
    /* Some succeeded: free them here (the caller frees p->aHit with p); the request is dropped with them. */
    keptRowsClear(pKept);
    return SQLITE_NOMEM;
  }
  pKept->bClaimed = 1;
  pKept->nPhrase = p->nPhrase;
  pKept->nCol = nCol;
  pKept->nRow = 0;
  p->pKept = pKept;
  return SQLITE_OK;
}

/* Whether row a is worse than row b: a lower score, or the same score and a higher rowid. */
static int keptWorse(const KeptRows *k, int a, int b){
  return k->aScore[a]<k->aScore[b] || (k->aScore[a]==k->aScore[b] && k->aRowid[a]>k->aRowid[b]);
}

static void keptSwap(KeptRows *k, int a, int b){
  int nHit = k->nPhrase*k->nCol, j;
  sqlite3_int64 r = k->aRowid[a]; double s = k->aScore[a];
  k->aRowid[a] = k->aRowid[b]; k->aScore[a] = k->aScore[b];
  k->aRowid[b] = r; k->aScore[b] = s;
  for(j=0; j<nHit; j++){
    int h = k->aHit[a*nHit+j]; k->aHit[a*nHit+j] = k->aHit[b*nHit+j]; k->aHit[b*nHit+j] = h;
  }
}

/* Offers a scored row: kept while fewer than nWanted are held, or in place of the worst when better. */
static void keptOffer(KeptRows *k, sqlite3_int64 iRowid, double score, const int *aHit){
  int nHit = k->nPhrase*k->nCol;
  int i;
  if( k->nRow<k->nWanted ){
    i = k->nRow++;
    k->aRowid[i] = iRowid; k->aScore[i] = score;
    memcpy(&k->aHit[i*nHit], aHit, sizeof(int)*nHit);
    while( i>0 && keptWorse(k, i, (i-1)/2) ){ keptSwap(k, i, (i-1)/2); i = (i-1)/2; }
    return;
  }
  if( score<k->aScore[0] || (score==k->aScore[0] && iRowid>k->aRowid[0]) ) return;
  k->aRowid[0] = iRowid; k->aScore[0] = score;
  memcpy(&k->aHit[0], aHit, sizeof(int)*nHit);
  for(i=0;;){
    int l = 2*i+1, r = l+1, w = i;
    if( l<k->nRow && keptWorse(k, l, w) ) w = l;
    if( r<k->nRow && keptWorse(k, r, w) ) w = r;
    if( w==i ) break;
    keptSwap(k, i, w); i = w;
  }
}

static int countCb(const Fts5ExtensionApi *pApi, Fts5Context *pFts, void *pUser){
  (void)pApi; (void)pFts;
  (*(sqlite3_int64*)pUser)++;
  return SQLITE_OK;
}

/* The statement's constants, computed on its first row and kept as its auxdata. */
static int loadData(const Fts5ExtensionApi *pApi, Fts5Context *pFts, sqlite3_value *pCounts, KeptRows *pKept, Bm25Data **ppData){
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
    if( rc==SQLITE_OK && pKept ) rc = claimKeptRows(pKept, p, pApi->xColumnCount(pFts));
    if( rc==SQLITE_OK ) rc = pApi->xSetAuxdata(pFts, p, bm25DataFree);
    else bm25DataFree(p);
    if( rc!=SQLITE_OK ) return rc;
  }
  *ppData = p;
  return SQLITE_OK;
}

/*
** quarry_bm25_bounded(chunk_words, ?counts, ?lengths_key, ?bounds, shift, w_col0, ...): quarry_bm25()
** for a statement that keeps its best rows (quarry_keep_rows(N)) and orders by score, LIMIT at most N.
** ?bounds is a blob of doubles, one per block of 2^shift rowids: no row of the block scores above it
** (store/word-blocks). Once N rows are kept, a row whose block's bound is below the worst kept score
** cannot be among the N best: it is not scored and returns -1 (a score of 1 is returned, negated by the
** caller), below every real score, so it is never among the statement's first N rows either.
*/
static void quarryBm25Scored(
  const Fts5ExtensionApi *pApi, Fts5Context *pFts, sqlite3_context *pCtx, int nVal, sqlite3_value **apVal
);

static void quarryBm25Bounded(
  const Fts5ExtensionApi *pApi, Fts5Context *pFts, sqlite3_context *pCtx, int nVal, sqlite3_value **apVal
){
  RowLengths *pLengths = (RowLengths*)pApi->xUserData(pFts);
  Bm25Data *p = 0;
  int rc;
  if( nVal<4 ){
    sqlite3_result_error(pCtx, "quarry_bm25_bounded: the counts, the lengths' key, the bounds and the shift are needed", -1);
    return;
  }
  rc = loadData(pApi, pFts, apVal[0], pLengths ? &pLengths->kept : 0, &p);
  if( rc!=SQLITE_OK ){
    sqlite3_result_error_code(pCtx, rc);
    return;
  }
  if( p->pKept && p->pKept->nWanted>0 && p->pKept->nRow==p->pKept->nWanted && sqlite3_value_type(apVal[2])==SQLITE_BLOB ){
    int shift = sqlite3_value_int(apVal[3]);
    sqlite3_int64 iRowid = pApi->xRowid(pFts);
    sqlite3_int64 nBound = sqlite3_value_bytes(apVal[2]) / (int)sizeof(double);
    if( shift>=0 && shift<=30 && iRowid>=0 ){
      sqlite3_int64 iBlock = iRowid >> shift;
      double bound = 0.0;
      if( iBlock<nBound ) memcpy(&bound, (const unsigned char*)sqlite3_value_blob(apVal[2]) + iBlock*sizeof(double), sizeof(double));
      if( bound<p->pKept->aScore[0] ){
        sqlite3_result_double(pCtx, 1.0);
        return;
      }
    }
  }
  /* The same arguments as quarry_bm25() without the bounds and the shift. */
  {
    sqlite3_value *aArg[64];
    int n = nVal - 2, j;
    if( n>64 ) n = 64;
    aArg[0] = apVal[0];
    aArg[1] = apVal[1];
    for(j=2; j<n; j++) aArg[j] = apVal[j+2];
    quarryBm25Scored(pApi, pFts, pCtx, n, aArg);
  }
}

static void quarryBm25(
  const Fts5ExtensionApi *pApi, Fts5Context *pFts, sqlite3_context *pCtx, int nVal, sqlite3_value **apVal
){
  quarryBm25Scored(pApi, pFts, pCtx, nVal, apVal);
}

static void quarryBm25Scored(
  const Fts5ExtensionApi *pApi, Fts5Context *pFts, sqlite3_context *pCtx, int nVal, sqlite3_value **apVal
){
  const double k1 = 1.2;
  const double b = 0.75;
  Bm25Data *p = 0;
  RowLengths *pLengths;
  double score = 0.0;
  double D;
  int *aHit;
  int nTok = 0;
  int rc, i;

  if( nVal<2 ){
    sqlite3_result_error(pCtx, "quarry_bm25: the phrases' row counts and the lengths' key are needed", -1);
    return;
  }
  pLengths = (RowLengths*)pApi->xUserData(pFts);
  rc = loadData(pApi, pFts, apVal[0], pLengths ? &pLengths->kept : 0, &p);
  if( rc==SQLITE_OK ){
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
  aHit = (rc==SQLITE_OK && p->pKept) ? p->aHit : 0;
  if( aHit ) memset(aHit, 0, sizeof(int)*p->nPhrase*p->pKept->nCol);
  for(i=0; rc==SQLITE_OK && i<p->nPhrase; i++){
    Fts5PhraseIter iter;
    int iCol = 0, iOff = 0;
    double freq = 0.0;
    rc = pApi->xPhraseFirst(pFts, i, &iter, &iCol, &iOff);
    for(; rc==SQLITE_OK && iCol>=0; pApi->xPhraseNext(pFts, &iter, &iCol, &iOff)){
      freq += (nVal > 2 + iCol) ? sqlite3_value_double(apVal[2 + iCol]) : 1.0;
      if( aHit && iCol<p->pKept->nCol ) aHit[i*p->pKept->nCol + iCol]++;
    }
    if( rc==SQLITE_OK ){
      score += p->aIdf[i] * (
          ( freq * (k1 + 1.0) ) /
          ( freq + k1 * (1 - b + b * D / p->avgdl) )
      );
    }
  }
  if( rc==SQLITE_OK ){
    if( aHit ) keptOffer(p->pKept, pApi->xRowid(pFts), score, aHit);
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

/*
** quarry_word_blocks(chunk_words, shift, lengths_key, w_col0, w_col1, ...): the block maxima of
** the expression's first phrase (one word), which store/word-blocks bounds a page's rows by. Per
** block of 2^shift rowids, the most one row of the block adds to quarry_bm25() per unit of the
** phrase's idf: freq * (k1 + 1) / (freq + k1 * (1 - b + b * D / avgdl)), computed as quarry_bm25()
** computes it (the same weights, lengths and average), so a row's share of a score is at most its
** block's maximum times the idf. Called for one row (LIMIT 1): it walks every row of the phrase
** (xQueryPhrase) and returns a blob of doubles in the machine's byte order, one per block from the
** first to the last block holding the word, 0 where none does.
*/
typedef struct BlockScan {
  RowLengths *pLengths;
  double avgdl;
  int shift;
  int nWeight;
  sqlite3_value **apWeight;
  double *aMax;
  sqlite3_int64 nAlloc;   /* blocks allocated in aMax */
  sqlite3_int64 nUsed;    /* blocks up to the last one holding the word */
} BlockScan;

static int blockScanRow(const Fts5ExtensionApi *pApi, Fts5Context *pFts, void *pUser){
  const double k1 = 1.2;
  const double b = 0.75;
  BlockScan *s = (BlockScan*)pUser;
  sqlite3_int64 iRowid = pApi->xRowid(pFts);
  sqlite3_int64 iBlock;
  Fts5PhraseIter iter;
  int iCol = 0, iOff = 0, nTok = 0, rc;
  unsigned int len = LENGTH_UNKNOWN;
  double freq = 0.0, D, ratio;
  rc = pApi->xPhraseFirst(pFts, 0, &iter, &iCol, &iOff);
  for(; rc==SQLITE_OK && iCol>=0; pApi->xPhraseNext(pFts, &iter, &iCol, &iOff)){
    freq += (s->nWeight > iCol) ? sqlite3_value_double(s->apWeight[iCol]) : 1.0;
  }
  if( rc!=SQLITE_OK ) return rc;
  if( iRowid<0 ) return SQLITE_OK;
  if( s->pLengths && iRowid<s->pLengths->nLen ) len = s->pLengths->aLen[iRowid];
  if( len==LENGTH_UNKNOWN ){
    rc = pApi->xColumnSize(pFts, -1, &nTok);
    if( rc!=SQLITE_OK ) return rc;
  }else{
    nTok = (int)len;
  }
  D = (double)nTok;
  ratio = ( freq * (k1 + 1.0) ) / ( freq + k1 * (1 - b + b * D / s->avgdl) );
  iBlock = iRowid >> s->shift;
  if( iBlock>=s->nAlloc ){
    sqlite3_int64 n = s->nAlloc ? s->nAlloc : 256;
    double *a;
    while( n<=iBlock ) n *= 2;
    a = (double*)sqlite3_realloc64(s->aMax, sizeof(double)*n);
    if( a==0 ) return SQLITE_NOMEM;
    memset(&a[s->nAlloc], 0, sizeof(double)*(n - s->nAlloc));
    s->aMax = a;
    s->nAlloc = n;
  }
  if( iBlock+1>s->nUsed ) s->nUsed = iBlock+1;
  if( ratio>s->aMax[iBlock] ) s->aMax[iBlock] = ratio;
  return SQLITE_OK;
}

static void quarryWordBlocks(
  const Fts5ExtensionApi *pApi, Fts5Context *pFts, sqlite3_context *pCtx, int nVal, sqlite3_value **apVal
){
  BlockScan s;
  sqlite3_int64 nRow = 0, nToken = 0;
  int rc;
  if( nVal<2 || pApi->xPhraseCount(pFts)<1 ){
    sqlite3_result_error(pCtx, "quarry_word_blocks: a word, the block shift and the lengths' key are needed", -1);
    return;
  }
  memset(&s, 0, sizeof(s));
  s.shift = sqlite3_value_int(apVal[0]);
  if( s.shift<0 || s.shift>30 ){
    sqlite3_result_error(pCtx, "quarry_word_blocks: the block shift is 0 to 30", -1);
    return;
  }
  s.nWeight = nVal - 2;
  s.apWeight = &apVal[2];
  rc = pApi->xRowCount(pFts, &nRow);
  if( rc==SQLITE_OK ) rc = pApi->xColumnTotalSize(pFts, -1, &nToken);
  if( rc==SQLITE_OK ){
    const unsigned char *zKey = sqlite3_value_text(apVal[1]);
    RowLengths *pLengths = (RowLengths*)pApi->xUserData(pFts);
    s.avgdl = (double)nToken / (double)nRow;
    if( zKey && pLengths ){
      loadLengths(sqlite3_context_db_handle(pCtx), pLengths, (const char*)zKey, nRow);
      s.pLengths = pLengths;
    }
    rc = pApi->xQueryPhrase(pFts, 0, (void*)&s, blockScanRow);
  }
  if( rc==SQLITE_OK ){
    if( s.nUsed==0 ){
      sqlite3_free(s.aMax);
      sqlite3_result_zeroblob(pCtx, 0);
    }else{
      sqlite3_result_blob64(pCtx, s.aMax, sizeof(double)*s.nUsed, sqlite3_free);
    }
  }else{
    sqlite3_free(s.aMax);
    sqlite3_result_error_code(pCtx, rc);
  }
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

/* quarry_keep_rows(N): the next statement calling quarry_bm25() on this connection keeps its N best rows (any held are forgotten). */
static void keepRows(sqlite3_context *pCtx, int nVal, sqlite3_value **apVal){
  RowLengths *pConn = (RowLengths*)sqlite3_user_data(pCtx);
  int n = nVal==1 ? sqlite3_value_int(apVal[0]) : 0;
  keptRowsClear(&pConn->kept);
  pConn->kept.nWanted = n>0 ? n : 0;
}

/*
** quarry_kept_rows(): the rows kept since quarry_keep_rows(), then forgotten; NULL when no
** statement kept any. A blob of doubles in the machine's byte order: the phrases, the columns,
** the rows, then per row its rowid and its instances per phrase (in the expression's order) and
** column (in the table's order).
*/
static void keptRowsBlob(sqlite3_context *pCtx, int nVal, sqlite3_value **apVal){
  RowLengths *pConn = (RowLengths*)sqlite3_user_data(pCtx);
  KeptRows *k = &pConn->kept;
  (void)nVal; (void)apVal;
  if( k->bClaimed ){
    int nHit = k->nPhrase*k->nCol, r, j;
    sqlite3_int64 nDouble = 3 + (sqlite3_int64)k->nRow*(1 + nHit);
    double *a = (double*)sqlite3_malloc64(sizeof(double)*nDouble);
    if( a==0 ){
      keptRowsClear(k);
      sqlite3_result_error_nomem(pCtx);
      return;
    }
    a[0] = k->nPhrase; a[1] = k->nCol; a[2] = k->nRow;
    for(r=0; r<k->nRow; r++){
      double *row = &a[3 + (sqlite3_int64)r*(1 + nHit)];
      row[0] = (double)k->aRowid[r];
      for(j=0; j<nHit; j++) row[1 + j] = k->aHit[r*nHit + j];
    }
    sqlite3_result_blob64(pCtx, a, sizeof(double)*nDouble, sqlite3_free);
  }else{
    sqlite3_result_null(pCtx);
  }
  keptRowsClear(k);
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
    rc = fts->xCreateFunction(fts, "quarry_bm25_bounded", (void*)pLengths, quarryBm25Bounded, 0);
    if( rc!=SQLITE_OK ) return rc;
    /* Shares the connection's lengths with quarry_bm25 (which frees them). */
    rc = fts->xCreateFunction(fts, "quarry_word_blocks", (void*)pLengths, quarryWordBlocks, 0);
    if( rc!=SQLITE_OK ) return rc;
    /* These share the connection's state, which the connection frees with quarry_bm25 when it closes. */
    rc = sqlite3_create_function(db, "quarry_keep_rows", 1, SQLITE_UTF8, (void*)pLengths, keepRows, 0, 0);
    if( rc!=SQLITE_OK ) return rc;
    rc = sqlite3_create_function(db, "quarry_kept_rows", 0, SQLITE_UTF8, (void*)pLengths, keptRowsBlob, 0, 0);
    if( rc!=SQLITE_OK ) return rc;
    return sqlite3_create_function(db, "quarry_ranking_lengths_key", 0, SQLITE_UTF8, (void*)pLengths, lengthsKey, 0, 0);
  }
}
