import { LegalDocument } from './legal-document.tsx';
import { PRIVACY_SECTIONS } from './legal-texts.ts';

export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      intro="This policy explains what Tapewatch collects about you and how it is used."
      sections={PRIVACY_SECTIONS}
    />
  );
}
