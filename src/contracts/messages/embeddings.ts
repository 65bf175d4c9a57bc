/**
 * @module contracts/messages/embeddings
 * Messages of the optional embeddings provider: an endpoint that cannot be
 * reached or answers wrongly is named with what to check, never with the
 * HTTP library's own text; at search time the same reason becomes a warning
 * and words alone rank the answer.
 */
import type { Catalogue } from './catalogue.js';

export const embeddingsMessages = {
  'embeddings.url_invalid': {
    en: 'The embeddings URL {url} is not an http(s) URL. Give the OpenAI-compatible endpoint, e.g. http://127.0.0.1:8080/v1.',
    ja: '埋め込みの URL {url} は http(s) の URL ではありません。OpenAI 互換のエンドポイントを指定してください（例: http://127.0.0.1:8080/v1）。',
    cs: 'URL pro embeddingy {url} není adresa http(s). Zadejte endpoint kompatibilní s OpenAI, např. http://127.0.0.1:8080/v1.',
  },
  'embeddings.unreachable': {
    en: 'The embeddings endpoint {url} could not be reached ({reason}). Check that it runs and the URL is right.',
    ja: '埋め込みエンドポイント {url} に接続できませんでした（{reason}）。起動しているか、URL が正しいか確認してください。',
    cs: 'Endpoint pro embeddingy {url} není dostupný ({reason}). Ověřte, že běží a že je URL správná.',
  },
  'embeddings.timeout': {
    en: 'The embeddings endpoint {url} did not answer within {ms} ms.',
    ja: '埋め込みエンドポイント {url} が {ms} ms 以内に応答しませんでした。',
    cs: 'Endpoint pro embeddingy {url} neodpověděl do {ms} ms.',
  },
  'embeddings.http_status': {
    en: 'The embeddings endpoint {url} answered HTTP {status}.',
    ja: '埋め込みエンドポイント {url} が HTTP {status} を返しました。',
    cs: 'Endpoint pro embeddingy {url} odpověděl HTTP {status}.',
  },
  'embeddings.unauthorized': {
    en: 'The embeddings endpoint {url} refused the request (HTTP {status}). Set its API key in QUARRY_EMBEDDINGS_API_KEY.',
    ja: '埋め込みエンドポイント {url} が要求を拒否しました（HTTP {status}）。API キーを QUARRY_EMBEDDINGS_API_KEY に設定してください。',
    cs: 'Endpoint pro embeddingy {url} požadavek odmítl (HTTP {status}). Nastavte jeho API klíč v QUARRY_EMBEDDINGS_API_KEY.',
  },
  'embeddings.bad_reply': {
    en: 'The embeddings endpoint {url} answered in a form that is not OpenAI\'s embeddings reply ({reason}).',
    ja: '埋め込みエンドポイント {url} の応答が OpenAI の埋め込み応答の形式ではありません（{reason}）。',
    cs: 'Endpoint pro embeddingy {url} odpověděl ve tvaru, který není odpovědí OpenAI embeddings ({reason}).',
  },
  'embeddings.skipped': {
    en: 'Semantic ranking was skipped: {reason} Words alone ranked this answer.',
    ja: '意味による順位付けを省略しました: {reason} この結果は単語だけで順位付けされています。',
    cs: 'Sémantické řazení bylo vynecháno: {reason} Tuto odpověď seřadila jen slova.',
  },
  'embeddings.no_vectors': {
    en: 'the index has no vectors of {model} yet; quarry index computes them.',
    ja: 'インデックスにはまだ {model} のベクトルがありません。quarry index で計算されます。',
    cs: 'index zatím nemá vektory modelu {model}; spočítá je quarry index.',
  },
  'embeddings.too_many_vectors': {
    en: 'the index holds {bytes} bytes of vectors for {model}, more than the {max} a search loads.',
    ja: 'インデックスには {model} のベクトルが {bytes} バイトあり、検索が読み込む上限 {max} を超えています。',
    cs: 'index obsahuje {bytes} bajtů vektorů modelu {model}, víc než {max}, které hledání načte.',
  },
  'embeddings.pass_failed': {
    en: '{missing} chunks have no embedding yet: {reason} The word index is complete; the next quarry index resumes.',
    ja: '{missing} 個のチャンクにまだ埋め込みがありません: {reason} 単語インデックスは完成しています。次の quarry index で再開します。',
    cs: '{missing} bloků zatím nemá embedding: {reason} Slovní index je úplný; příští quarry index bude pokračovat.',
  },
} satisfies Catalogue;
