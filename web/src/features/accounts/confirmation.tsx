import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { apiPost, ApiError } from '../../lib/api-client.ts';
import { openForm } from '../../lib/forms-store.ts';

// Tokens are single-use: a StrictMode double effect or a re-render must not send one twice.
const sent = new Set<string>();

export type ConfirmationKind = 'email' | 'password';

/** Runs the confirmation of /confirm/:token or /confirmpassword/:password_token once per token. */
export async function runConfirmation(kind: ConfirmationKind, token: string): Promise<void> {
  if (!token || sent.has(`${kind}:${token}`)) return;
  sent.add(`${kind}:${token}`);
  try {
    if (kind === 'email') {
      await apiPost('get_token_confirmation', { token });
      return;
    }
    const answer = await apiPost('get_password_token_confirmation', { token });
    if (answer.show_update_password && answer.update_token) openForm('update', { updateToken: answer.update_token });
  } catch (error) {
    // The API client already showed the server's alert (unknown or expired token).
    if (!(error instanceof ApiError)) console.error('[account] confirmation', error);
  }
}

/**
 * Rendered next to the Clusters screen on the confirmation routes. Once the request is sent the
 * address becomes /clusters, so a reload does not resend a spent token.
 */
export function Confirmation({ kind }: { kind: ConfirmationKind }) {
  const params = useParams();
  const navigate = useNavigate();
  const token = (kind === 'email' ? params.token : params.password_token) ?? '';
  useEffect(() => {
    void runConfirmation(kind, token);
    void navigate('/clusters', { replace: true });
  }, [kind, token, navigate]);
  return null;
}
