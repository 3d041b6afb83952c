/** The answer of login() when the terms must be accepted first (the user is signed out meanwhile). */
export const TERMS_REQUIRED = "TermsRequired";
