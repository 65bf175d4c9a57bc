/**
 * @module contracts/messages/live
 * Messages of the live search tools (list_files, search_content,
 * find_and_grep; the live-search contract), in English, Japanese and Czech. Each says what to do next.
 */
import type { Catalogue } from './catalogue.js';

export const liveMessages = {
  'live.path_nul': {
    en: '{param} "{path}" contains a NUL byte. Pass a plain path inside the project, e.g. "src".',
    ja: '{param} "{path}" に NUL バイトが含まれています。プロジェクト内の通常のパス（例: "src"）を指定してください。',
    cs: '{param} "{path}" obsahuje bajt NUL. Zadejte běžnou cestu uvnitř projektu, např. "src".',
  },
  'live.path_outside': {
    en: '{param} "{path}" is outside the project root. Pass a path inside the project, e.g. "." or "src".',
    ja: '{param} "{path}" はプロジェクトルートの外です。プロジェクト内のパス（例: "." や "src"）を指定してください。',
    cs: '{param} "{path}" leží mimo kořen projektu. Zadejte cestu uvnitř projektu, např. "." nebo "src".',
  },
  'live.path_symlink_outside': {
    en: '{param} "{path}" leads through a symbolic link outside the project root. Search the link\'s target only if it is inside the project.',
    ja: '{param} "{path}" はシンボリックリンクを経由してプロジェクトルートの外を指しています。プロジェクト内のパスを指定してください。',
    cs: '{param} "{path}" vede symbolickým odkazem mimo kořen projektu. Cíl odkazu prohledávejte, jen pokud leží uvnitř projektu.',
  },
  'live.path_missing': {
    en: '{param} "{path}" does not exist in the project. List folders first: list_files {"roots":["."],"types":["d"],"depth":2}.',
    ja: '{param} "{path}" はプロジェクト内に存在しません。まずフォルダを一覧してください: list_files {"roots":["."],"types":["d"],"depth":2}。',
    cs: '{param} "{path}" v projektu neexistuje. Nejprve si vypište složky: list_files {"roots":["."],"types":["d"],"depth":2}.',
  },
  'live.root_is_file': {
    en: 'Root "{path}" is a file, not a folder. Search it with search_content {"files":["{path}"]}, or pass its folder "{parent}" as a root.',
    ja: 'ルート "{path}" はフォルダではなくファイルです。search_content {"files":["{path}"]} で検索するか、親フォルダ "{parent}" をルートに指定してください。',
    cs: 'Kořen "{path}" je soubor, ne složka. Prohledejte ho pomocí search_content {"files":["{path}"]}, nebo jako kořen zadejte jeho složku "{parent}".',
  },
  'live.file_is_dir': {
    en: '"{path}" in files is a folder. Pass it in roots instead: {"roots":["{path}"]}.',
    ja: 'files の "{path}" はフォルダです。roots に指定してください: {"roots":["{path}"]}。',
    cs: '"{path}" v files je složka. Zadejte ji raději v roots: {"roots":["{path}"]}.',
  },
  'live.paths_required': {
    en: 'Give roots (folders) or files to search, e.g. {"roots":["."]}.',
    ja: '検索対象の roots（フォルダ）または files を指定してください。例: {"roots":["."]}。',
    cs: 'Zadejte roots (složky) nebo files k prohledání, např. {"roots":["."]}.',
  },
  'live.rg_missing': {
    en: 'ripgrep is not installed: {reason}. Install it (Debian/Ubuntu: sudo apt-get install ripgrep; macOS: brew install ripgrep; or npm install @vscode/ripgrep) or set QUARRY_RG to the rg binary.',
    ja: 'ripgrep がインストールされていません: {reason}。インストールしてください（Debian/Ubuntu: sudo apt-get install ripgrep、macOS: brew install ripgrep、または npm install @vscode/ripgrep）。または QUARRY_RG に rg のパスを設定してください。',
    cs: 'ripgrep není nainstalován: {reason}. Nainstalujte ho (Debian/Ubuntu: sudo apt-get install ripgrep; macOS: brew install ripgrep; nebo npm install @vscode/ripgrep), nebo nastavte QUARRY_RG na program rg.',
  },
  'live.fd_missing': {
    en: 'fd is not installed: {reason}. Install it (Debian/Ubuntu: sudo apt-get install fd-find; macOS: brew install fd) or set QUARRY_FD to the fd binary.',
    ja: 'fd がインストールされていません: {reason}。インストールしてください（Debian/Ubuntu: sudo apt-get install fd-find、macOS: brew install fd）。または QUARRY_FD に fd のパスを設定してください。',
    cs: 'fd není nainstalován: {reason}. Nainstalujte ho (Debian/Ubuntu: sudo apt-get install fd-find; macOS: brew install fd), nebo nastavte QUARRY_FD na program fd.',
  },
  'live.env_not_executable': {
    en: '{env}={path} is not an executable file',
    ja: '{env}={path} は実行可能ファイルではありません',
    cs: '{env}={path} není spustitelný soubor',
  },
  'live.not_on_path': {
    en: 'none of {names} is on PATH',
    ja: 'PATH に {names} が見つかりません',
    cs: 'v PATH není žádný z programů {names}',
  },
  'live.version_too_old': {
    en: '{tool} {found} at {path} is too old; Quarry needs {tool} >= {min}. Upgrade it or set {env} to a newer binary.',
    ja: '{path} の {tool} {found} は古すぎます。{tool} {min} 以上が必要です。更新するか {env} に新しいバイナリを設定してください。',
    cs: '{tool} {found} v {path} je příliš starý; Quarry potřebuje {tool} >= {min}. Aktualizujte ho, nebo nastavte {env} na novější program.',
  },
  'live.timeout': {
    en: 'Search stopped after {ms} ms (timeout_ms). Narrow it: fewer roots, include_globs, a more specific query; or count first with total_only=true.',
    ja: '検索は {ms} ms で打ち切られました（timeout_ms）。roots を減らす、include_globs を使う、クエリを具体的にする、または total_only=true でまず件数を確認してください。',
    cs: 'Vyhledávání bylo zastaveno po {ms} ms (timeout_ms). Zužte ho: méně roots, include_globs, konkrétnější dotaz; nebo nejprve spočítejte výskyty s total_only=true.',
  },
  'live.list_timeout': {
    en: 'Listing stopped after {ms} ms. Narrow it: a deeper root, depth, extensions or a pattern.',
    ja: 'ファイル一覧は {ms} ms で打ち切られました。より深いルート、depth、extensions、pattern で絞り込んでください。',
    cs: 'Výpis byl zastaven po {ms} ms. Zužte ho: hlubší kořen, depth, extensions nebo pattern.',
  },
  'live.exclusive': {
    en: '{a} and {b} cannot be used together. Cheaper: {cheaper} alone ({tokens}). Workflow: total_only -> count_only_matches -> summary_only -> group_by_file / full.',
    ja: '{a} と {b} は同時に指定できません。より安価な方法: {cheaper} のみ（{tokens}）。推奨手順: total_only → count_only_matches → summary_only → group_by_file / 全件。',
    cs: '{a} a {b} nelze použít současně. Levnější: samotné {cheaper} ({tokens}). Postup: total_only -> count_only_matches -> summary_only -> group_by_file / úplné výsledky.',
  },
  'live.encoding_unsupported': {
    en: 'Encoding "{value}" is not supported. Use one of: {valid}.',
    ja: 'エンコーディング "{value}" はサポートされていません。次のいずれかを指定してください: {valid}。',
    cs: 'Kódování "{value}" není podporováno. Použijte jedno z: {valid}.',
  },
  'live.pattern_invalid': {
    en: '{tool} rejected the pattern: {reason}. Set fixed_strings=true to search the text literally.',
    ja: '{tool} がパターンを受け付けませんでした: {reason}。文字列として検索するには fixed_strings=true を指定してください。',
    cs: '{tool} odmítl vzor: {reason}. Chcete-li hledat text doslova, nastavte fixed_strings=true.',
  },
  'live.tool_failed': {
    en: '{tool} failed (exit {code}): {reason}',
    ja: '{tool} が失敗しました（終了コード {code}）: {reason}',
    cs: '{tool} selhal (návratový kód {code}): {reason}',
  },
  'live.size_invalid': {
    en: '{param} "{value}" is not a size like 500K, 10M or 1G.',
    ja: '{param} "{value}" はサイズ指定ではありません（例: 500K、10M、1G）。',
    cs: '{param} "{value}" není velikost jako 500K, 10M nebo 1G.',
  },
  'live.clamped': {
    en: '{param} {value} is above the cap {max}; clamped to {max}.',
    ja: '{param} {value} は上限 {max} を超えているため {max} に制限しました。',
    cs: '{param} {value} přesahuje limit {max}; použije se {max}.',
  },
  'live.output_capped': {
    en: 'Output passed {bytes} bytes, so the search was stopped; counts are partial. Use count_only_matches=true or narrow the search.',
    ja: '出力が {bytes} バイトを超えたため検索を停止しました。件数は部分的です。count_only_matches=true を使うか検索を絞り込んでください。',
    cs: 'Výstup přesáhl {bytes} bajtů, proto bylo vyhledávání zastaveno; počty jsou neúplné. Použijte count_only_matches=true nebo vyhledávání zužte.',
  },
  'live.matches_truncated': {
    en: 'Showing {shown} of {total} matches. See the distribution with count_only_matches=true, or narrow with include_globs.',
    ja: '{total} 件中 {shown} 件を表示しています。count_only_matches=true で分布を確認するか include_globs で絞り込んでください。',
    cs: 'Zobrazeno {shown} z {total} výskytů. Rozložení zjistíte s count_only_matches=true, zúžit můžete pomocí include_globs.',
  },
  'live.list_truncated': {
    en: 'Showing {shown} of {total} entries. Narrow with pattern, extensions, depth or a deeper root.',
    ja: '{total} 件中 {shown} 件を表示しています。pattern、extensions、depth、より深いルートで絞り込んでください。',
    cs: 'Zobrazeno {shown} z {total} položek. Zužte výpis pomocí pattern, extensions, depth nebo hlubšího kořene.',
  },
  'live.scan_budget': {
    en: 'fd stopped after {budget} entries; totals are lower bounds. Narrow the listing.',
    ja: 'fd は {budget} 件で停止しました。合計は下限値です。一覧を絞り込んでください。',
    cs: 'fd byl zastaven po {budget} položkách; součty jsou jen dolní odhady. Zužte výpis.',
  },
  'live.token_warning': {
    en: 'This reply is about {tokens} tokens. Next time try {cheaper}=true first.',
    ja: 'この応答は約 {tokens} トークンです。次回はまず {cheaper}=true を試してください。',
    cs: 'Tato odpověď má asi {tokens} tokenů. Příště nejprve zkuste {cheaper}=true.',
  },
  'live.outside_skipped': {
    en: '{count} result(s) reached through symbolic links outside the project root were left out.',
    ja: 'プロジェクトルート外へのシンボリックリンク経由の結果 {count} 件を除外しました。',
    cs: 'Vynecháno výsledků dosažených symbolickými odkazy mimo kořen projektu: {count}.',
  },
  'live.detect_capped': {
    en: 'Encoding detection checked the first {max} non-ASCII files only; pass encoding to search the rest in that encoding.',
    ja: 'エンコーディング自動判定は非 ASCII ファイルの最初の {max} 件のみ行いました。残りは encoding を指定して検索してください。',
    cs: 'Automatické rozpoznání kódování prošlo jen prvních {max} souborů s ne-ASCII znaky; ostatní prohledáte zadáním encoding.',
  },
  'live.file_errors': {
    en: '{tool} could not read {count} path(s), e.g. {sample}',
    ja: '{tool} は {count} 件のパスを読めませんでした（例: {sample}）',
    cs: '{tool} nemohl přečíst cesty ({count}), např. {sample}',
  },
  'live.param_required': {
    en: '{param} is required.',
    ja: '{param} は必須です。',
    cs: 'Parametr {param} je povinný.',
  },
  'live.roots_required': {
    en: 'Give roots: the folders to list, e.g. {"roots":["."]}.',
    ja: 'roots（一覧するフォルダ）を指定してください。例: {"roots":["."]}。',
    cs: 'Zadejte roots, tedy složky k výpisu, např. {"roots":["."]}.',
  },
  'live.type_invalid': {
    en: '{param} must be {expected}.',
    ja: '{param} は{expected}で指定してください。',
    cs: '{param} musí být {expected}.',
  },
  'live.not_integer': {
    en: '{param} must be an integer, got {value}.',
    ja: '{param} は整数で指定してください（指定値: {value}）。',
    cs: '{param} musí být celé číslo, zadáno: {value}.',
  },
  'live.below_min': {
    en: '{param} must be at least {min}, got {value}.',
    ja: '{param} は {min} 以上で指定してください（指定値: {value}）。',
    cs: '{param} musí být alespoň {min}, zadáno: {value}.',
  },
  'live.above_max': {
    en: '{param} must be at most {max}, got {value}.',
    ja: '{param} は {max} 以下で指定してください（指定値: {value}）。',
    cs: '{param} smí být nejvýše {max}, zadáno: {value}.',
  },
  'live.param_empty': {
    en: '{param} must not be empty.',
    ja: '{param} を空にすることはできません。',
    cs: '{param} nesmí být prázdný.',
  },
  'live.too_long': {
    en: '{param} must be at most {max} characters, got {length}.',
    ja: '{param} は {max} 文字以内で指定してください（{length} 文字）。',
    cs: '{param} smí mít nejvýše {max} znaků, má {length}.',
  },
  'live.too_many_items': {
    en: '{param} may list at most {max} items, got {count}.',
    ja: '{param} に指定できる項目は {max} 個までです（{count} 個）。',
    cs: '{param} smí obsahovat nejvýše {max} položek, obsahuje {count}.',
  },
  'live.enum_invalid': {
    en: '{param} "{value}" is not valid. Use one of: {valid}.',
    ja: '{param} の値 "{value}" は無効です。次のいずれかを指定してください: {valid}。',
    cs: '{param} „{value}“ není platná hodnota. Použijte jednu z: {valid}.',
  },
  'live.unknown_param': {
    en: 'Unknown parameter "{param}". Known parameters: {known}.',
    ja: '不明なパラメーター "{param}" です。使用できるパラメーター: {known}。',
    cs: 'Neznámý parametr „{param}“. Známé parametry: {known}.',
  },
  'live.busy': {
    en: 'Quarry is busy: {running} searches are running and {queued} are waiting, the most it queues. Try again in a moment, or narrow the search so it finishes sooner (fewer roots, include_globs, total_only=true).',
    ja: 'Quarry は混み合っています: {running} 件の検索が実行中で、{queued} 件が待機中です（待機できる上限）。少し待ってから再試行するか、検索を絞り込んでください（roots を減らす、include_globs、total_only=true）。',
    cs: 'Quarry je vytížený: běží {running} hledání a {queued} čeká, víc do fronty nepřijme. Zkuste to za chvíli znovu, nebo hledání zužte, aby skončilo dřív (méně roots, include_globs, total_only=true).',
  },
  'live.cancelled': {
    en: 'The call was cancelled by its client; its search process was stopped.',
    ja: 'クライアントによって呼び出しがキャンセルされたため、検索プロセスを停止しました。',
    cs: 'Klient volání zrušil; jeho vyhledávací proces byl ukončen.',
  },
} satisfies Catalogue;
