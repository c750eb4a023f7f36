import { CmsPage } from './CmsPage.tsx';

export const AboutUsPage = () => <CmsPage slug="about-us" fallbackTitle="About Us" />;
export const ServicesPage = () => <CmsPage slug="services" fallbackTitle="Services" />;
export const PrivacyPolicyPage = () => <CmsPage slug="privacy-policy" fallbackTitle="Privacy Policy" />;
export const AdditionalInformationPage = () => <CmsPage slug="additional-information" fallbackTitle="Additional Information" />;
export const TermsOfServicePage = () => <CmsPage slug="terms-of-service" fallbackTitle="Terms of Service" />;
