/**
 * The sign-up prompt a component shows a signed-out visitor (the watchlist star). The account forms
 * belong to a feature, which components may not import, so the app shell registers how to open
 * them and components call promptSignUp().
 */
let prompt: () => void = () => {};

export function registerSignUpPrompt(open: () => void): () => void {
  prompt = open;
  return () => {
    if (prompt === open) prompt = () => {};
  };
}

export function promptSignUp(): void {
  prompt();
}
