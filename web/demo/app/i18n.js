// The page's languages and the shell's strings (menu, buttons, hints, messages). A scene carries its own
// strings in `text: { en, ko, ja }` (see scenes/closest-point-aabb.js); `translator` looks a key up in the
// scene's strings first, then in the shell's, and falls back to English, then to the key itself.
// A value is a string, or a function of the arguments the caller passes (numbers already formatted).

/** The languages, in the order of the switch. */
export const LANGS = ["en", "ko", "ja"];
export const LANG_NAMES = { en: "English", ko: "한국어", ja: "日本語" };

/** The first of the browser's preferred languages (navigator.languages) the page has, else English. */
export function pickLanguage(preferred) {
  for (const tag of preferred ?? []) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (LANGS.includes(base)) return base;
  }
  return "en";
}

export const SHELL = {
  en: {
    sentenceSpace: " ", // between two sentences joined in code (Japanese puts none after 。)
    pageTitle: "narrowphase — collision queries, explained live",
    brandTail: "tutorial",
    menuLabel: "Scenes",
    viewportLabel: "3D scene",
    resultLabel: "Library answer",
    loading: "loading the WASM module…",
    hint: "Drag the handles (dots and cubes) to move the inputs · drag empty space to orbit · wheel or pinch to zoom",
    hintShort:
      "Drag the dots and cubes · drag elsewhere to orbit · pinch to zoom",
    stepsTitle: "Step by step, live",
    inputsTitle: "Inputs",
    resetDefaults: "Reset to defaults",
    copyLink: "Copy link",
    linkCopied: "Link copied",
    copyFailed: "Copy the address bar",
    languageLabel: "Language",
    rotate: (name) => `Rotate ${name}`,
    resetView: "Reset view",
    loadFailed: (message) => `could not load narrowphase: ${message}`,
    sceneError: (message) => `error: ${message}`,
    disagreement: (what, mine, lib) =>
      `The walkthrough's ${what} (${mine}) differs from the library's (${lib}); the readout shows the library's answer.`,
    // Inputs shared by several scenes (app/aabb.js).
    boxMin: "Box min",
    boxMax: "Box max",
    repairedScene: (id) =>
      `This link names no scene “${id}”: here is the first scene instead.`,
    repairedKeys: (keys) =>
      `This link was repaired: the page could not take its value of ${keys} as it was (not a number, out of range, or inconsistent), and shows the nearest valid one, in the inputs below.`,
  },
  ko: {
    sentenceSpace: " ", // between two sentences joined in code (Japanese puts none after 。)
    pageTitle: "narrowphase — 충돌 쿼리를 직접 움직여 보며 이해하기",
    brandTail: "튜토리얼",
    menuLabel: "장면",
    viewportLabel: "3D 장면",
    resultLabel: "라이브러리의 답",
    loading: "WASM 모듈을 불러오는 중…",
    hint: "핸들(점과 작은 큐브)을 드래그해 입력을 옮기세요 · 빈 곳을 드래그하면 시점 회전 · 휠이나 핀치로 확대/축소",
    hintShort:
      "점과 큐브를 드래그 · 빈 곳을 드래그하면 회전 · 핀치로 확대/축소",
    stepsTitle: "단계별 계산 (실시간)",
    inputsTitle: "입력값",
    resetDefaults: "기본값으로 되돌리기",
    copyLink: "링크 복사",
    linkCopied: "링크를 복사했습니다",
    copyFailed: "주소창의 주소를 복사하세요",
    languageLabel: "언어",
    rotate: (name) => `${name} 회전`,
    resetView: "시점 초기화",
    loadFailed: (message) => `narrowphase를 불러오지 못했습니다: ${message}`,
    sceneError: (message) => `오류: ${message}`,
    disagreement: (what, mine, lib) =>
      `설명 단계에서 계산한 ${what}(${mine})이(가) 라이브러리의 값(${lib})과 다릅니다. 결과에는 라이브러리의 값을 표시합니다.`,
    boxMin: "박스 최소 좌표",
    boxMax: "박스 최대 좌표",
    repairedScene: (id) =>
      `이 링크가 가리키는 장면 “${id}”은(는) 없습니다. 대신 첫 번째 장면을 보여 줍니다.`,
    repairedKeys: (keys) =>
      `이 링크는 고쳐서 열었습니다. ${keys} 값을 그대로 쓸 수 없어서(숫자가 아니거나, 범위를 벗어났거나, 서로 맞지 않음) 가장 가까운 유효한 값으로 바꾸었습니다. 아래 입력값에서 확인할 수 있습니다.`,
  },
  ja: {
    sentenceSpace: "", // between two sentences joined in code (Japanese puts none after 。)
    pageTitle: "narrowphase — 当たり判定を動かして理解する",
    brandTail: "チュートリアル",
    menuLabel: "シーン",
    viewportLabel: "3D シーン",
    resultLabel: "ライブラリの答え",
    loading: "WASM モジュールを読み込み中…",
    hint: "ハンドル（点と小さな立方体）をドラッグして入力を動かす · 何もない所のドラッグで視点を回転 · ホイールかピンチでズーム",
    hintShort:
      "点と立方体をドラッグ · 空いた所のドラッグで回転 · ピンチでズーム",
    stepsTitle: "ステップごとの計算（リアルタイム）",
    inputsTitle: "入力",
    resetDefaults: "初期値に戻す",
    copyLink: "リンクをコピー",
    linkCopied: "リンクをコピーしました",
    copyFailed: "アドレスバーの URL をコピーしてください",
    languageLabel: "言語",
    rotate: (name) => `${name} を回転`,
    resetView: "視点をリセット",
    loadFailed: (message) => `narrowphase を読み込めませんでした: ${message}`,
    sceneError: (message) => `エラー: ${message}`,
    disagreement: (what, mine, lib) =>
      `解説の途中で計算した${what}（${mine}）がライブラリの値（${lib}）と一致しません。結果欄にはライブラリの値を表示しています。`,
    boxMin: "箱の最小座標",
    boxMax: "箱の最大座標",
    repairedScene: (id) =>
      `このリンクのシーン「${id}」は存在しません。代わりに最初のシーンを表示しています。`,
    repairedKeys: (keys) =>
      `このリンクは修正して開きました。${keys} の値はそのままでは使えなかったため（数値でない、範囲外、または矛盾している）、最も近い有効な値に置き換えています。下の入力欄で確認できます。`,
  },
};

/**
 * The lookup function of a scene in a language: t(key, ...args) -> text. Strings of the scene win over the
 * shell's; a key missing in the language falls back to English (the browser tests fail on English left on a
 * Korean or Japanese page), a key missing everywhere is shown as it is.
 */
export function translator(sceneText, lang) {
  const tables = [
    sceneText?.[lang],
    SHELL[lang],
    sceneText?.en,
    SHELL.en,
  ].filter(Boolean);
  const tidy = lang === "ja" ? joinJapaneseLines : (text) => text;
  return (key, ...args) => {
    for (const table of tables) {
      if (key in table) {
        const value = table[key];
        return tidy(typeof value === "function" ? value(...args) : value);
      }
    }
    return key;
  };
}

// Japanese is written without spaces, but a line break in the source text is rendered as one (Chromium does not
// drop segment breaks between CJK characters): the breaks of the wrapped prose are removed between two Japanese
// characters or punctuation marks (tags between them aside), and kept, as one space, beside Latin letters and
// numbers, as the prose spaces them.
const JA_CHAR = "\u3000-\u30ff\u3400-\u9fff\uff00-\uffef";
const JA_TAGS = "(?:</?[a-z][^>]*>)*"; // tags between the break and a character (<i>, </b>, <code>, ...)
const JA_BREAK = new RegExp(
  `(?<=[${JA_CHAR}]${JA_TAGS})\\s*\\n\\s*(?=${JA_TAGS}[${JA_CHAR}])`,
  "g",
);
function joinJapaneseLines(text) {
  return typeof text === "string" && text.includes("\n")
    ? text.replace(JA_BREAK, "")
    : text;
}

/** Strings tables merged per language (shared strings of several scenes, then a scene's own). */
export function mergeText(...tables) {
  const out = {};
  for (const table of tables)
    for (const [lang, strings] of Object.entries(table))
      out[lang] = { ...out[lang], ...strings };
  return out;
}
