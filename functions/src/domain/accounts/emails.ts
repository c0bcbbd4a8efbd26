/** The email to the owner of an address that somebody tried to sign up with (the answer hides it). */
export function signupAttemptEmail(siteUrl: string): { subject: string; text: string } {
  return {
    subject: 'Someone tried to sign up to Tapewatch with your email address',
    text:
      'Someone just tried to create a Tapewatch account with this email address, which already has an account.\n\n' +
      `If it was you, log in at ${siteUrl} (choose "Forgot password?" in the login window if you do not remember your password).\n\n` +
      'If it was not you, you need not do anything: no account was created and yours is unchanged.\n',
  };
}
