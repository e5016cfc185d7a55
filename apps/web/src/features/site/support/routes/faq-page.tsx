import Collapse from 'antd/es/collapse';
import { useTranslation } from 'react-i18next';
import { parseLanguage } from '@ensaya/core/i18n/language';
import { PageShell } from '../../../../components/page-shell.tsx';
import faqEn from '../../../../locales/content/faq.en.json';
import faqEs from '../../../../locales/content/faq.es.json';

/** `/preguntas-frecuentes`, linked from the footer. */
export function FaqPage() {
  const { i18n } = useTranslation();
  const faq = parseLanguage(i18n.language) === 'en' ? faqEn : faqEs;

  return (
    <PageShell title={faq.title} description={faq.intro}>
      <Collapse
        className="faq"
        items={faq.items.map((item, index) => ({
          key: String(index),
          label: item.question,
          children: <p>{item.answer}</p>,
        }))}
      />
    </PageShell>
  );
}
