/**
 * Why a new password is refused: a reason the server names in its 400 answer (`reason`), and its
 * text in each screen's language (English screens show the server's message; the Hebrew sign-up
 * shows `PASSWORD_REASON_HE`). The server decides with zxcvbn-ts (src/server/auth/password-policy.ts),
 * whose warnings are the keys from `common` on.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const PASSWORD_REASONS = [
  "too-short",
  "too-long",
  "email",
  "control",
  "weak",
  "straightRow",
  "keyPattern",
  "simpleRepeat",
  "extendedRepeat",
  "sequences",
  "recentYears",
  "dates",
  "topTen",
  "topHundred",
  "common",
  "similarToCommon",
  "wordByItself",
  "namesByThemselves",
  "commonNames",
  "userInputs",
  "pwned",
] as const;
export type PasswordReason = (typeof PASSWORD_REASONS)[number];

export const isPasswordReason = (v: unknown): v is PasswordReason => PASSWORD_REASONS.includes(v as PasswordReason);

export const PASSWORD_REASON_EN: Record<PasswordReason, string> = {
  "too-short": `Password must be at least ${PASSWORD_MIN} characters`,
  "too-long": `Password must be at most ${PASSWORD_MAX} characters`,
  email: "Password must not be your e-mail address",
  control: "Password must not contain control characters",
  weak: "This password is too easy to guess: add more words or characters",
  straightRow: "Straight rows of keys on a keyboard are easy to guess",
  keyPattern: "Short keyboard patterns are easy to guess",
  simpleRepeat: 'Repeated characters like "aaa" are easy to guess',
  extendedRepeat: 'Repeated patterns like "abcabcabc" are easy to guess',
  sequences: 'Common sequences like "abc" or "1234" are easy to guess',
  recentYears: "Recent years are easy to guess",
  dates: "Dates are easy to guess",
  topTen: "This is one of the most used passwords",
  topHundred: "This is a very frequently used password",
  common: "This is a commonly used password",
  similarToCommon: "This is too similar to a commonly used password",
  wordByItself: "A single word is easy to guess",
  namesByThemselves: "A name or surname by itself is easy to guess",
  commonNames: "Common names and surnames are easy to guess",
  userInputs: "The password must not contain your e-mail or name",
  pwned: "This password was exposed in a data breach",
};

export const PASSWORD_REASON_HE: Record<PasswordReason, string> = {
  "too-short": `הסיסמה חייבת להכיל לפחות ${PASSWORD_MIN} תווים`,
  "too-long": `הסיסמה יכולה להכיל עד ${PASSWORD_MAX} תווים`,
  email: "הסיסמה לא יכולה להיות כתובת הדוא״ל שלך",
  control: "הסיסמה לא יכולה להכיל תווי בקרה",
  weak: "קל מדי לנחש את הסיסמה: הוסיפו מילים או תווים",
  straightRow: "שורת מקשים רצופה במקלדת קלה לניחוש",
  keyPattern: "תבנית מקשים קצרה קלה לניחוש",
  simpleRepeat: "תווים חוזרים כמו \u2066aaa\u2069 קלים לניחוש",
  extendedRepeat: "תבנית חוזרת כמו \u2066abcabcabc\u2069 קלה לניחוש",
  sequences: "רצף נפוץ כמו \u2066abc\u2069 או \u20661234\u2069 קל לניחוש",
  recentYears: "שנים מהתקופה האחרונה קלות לניחוש",
  dates: "תאריכים קלים לניחוש",
  topTen: "זו אחת הסיסמאות הנפוצות ביותר",
  topHundred: "זו סיסמה נפוצה מאוד",
  common: "זו סיסמה נפוצה",
  similarToCommon: "הסיסמה דומה מדי לסיסמה נפוצה",
  wordByItself: "מילה בודדת קלה לניחוש",
  namesByThemselves: "שם פרטי או שם משפחה לבדו קל לניחוש",
  commonNames: "שמות פרטיים ושמות משפחה נפוצים קלים לניחוש",
  userInputs: "הסיסמה לא יכולה לכלול את כתובת הדוא״ל או את שמך",
  pwned: "הסיסמה הזו נחשפה בדליפת מידע",
};
