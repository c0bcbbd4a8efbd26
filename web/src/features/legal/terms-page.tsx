import { LegalDocument } from './legal-document.tsx';
import { TERMS_SECTIONS } from './legal-texts.ts';

export function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Use"
      intro="By using Tapewatch you agree to these terms."
      sections={TERMS_SECTIONS}
    />
  );
}
