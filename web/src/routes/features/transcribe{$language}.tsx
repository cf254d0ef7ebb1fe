import { createFileRoute, notFound } from '@tanstack/react-router';
import { languagePage } from '../../features/marketing/pages/generated-pages';
import { InfoPage } from '../../features/marketing/pages/info-page';
import { findLanguage } from '../../features/marketing/pages/languages';

export const Route = createFileRoute('/features/transcribe{$language}')({
  beforeLoad: ({ params }) => {
    if (!findLanguage(params.language)) throw notFound();
  },
  component: LanguageFeature,
});

function LanguageFeature() {
  const { language } = Route.useParams();
  const found = findLanguage(language);
  if (!found) throw notFound();
  return <InfoPage content={languagePage(found)} />;
}
