import { RichPage } from './RichPage.tsx';

export const AboutUsPage = () => <RichPage docKey="about-us" fallbackTitle="About Us" />;
export const PrivacyPolicyPage = () => <RichPage docKey="privacy-policy" fallbackTitle="Privacy Policy" />;
export const AdditionalInformationPage = () => <RichPage docKey="additional-information" fallbackTitle="Additional Information" />;
export const TermsOfServicePage = () => <RichPage docKey="terms-of-service" fallbackTitle="Terms of Service" />;
