import { useTranslation } from 'react-i18next';
import { parseLanguage } from '@ensaya/core/i18n/language';
import { PageShell } from '../../../../components/page-shell.tsx';
import { company } from '../../../../lib/company.ts';
import supportEn from '../../../../locales/content/support.en.json';
import supportEs from '../../../../locales/content/support.es.json';

/** `/soporte`: how to get help, linked from the footer. */
export function SupportPage() {
  const { i18n } = useTranslation();
  const support = parseLanguage(i18n.language) === 'en' ? supportEn : supportEs;

  return (
    <PageShell title={support.title} description={support.intro}>
      <div className="support">
        <section className="support__section">
          <h2>{support.channels.heading}</h2>
          <dl className="support__channels">
            <dt>{support.channels.email}</dt>
            <dd>
              <a href={`mailto:${company.email}`}>{company.email}</a>
            </dd>
            <dt>{support.channels.phone}</dt>
            <dd>
              <a href={company.phoneHref}>{company.phoneDisplay}</a>
            </dd>
            <dt>{support.channels.hours}</dt>
            <dd>{support.channels.hoursValue}</dd>
          </dl>
          <p>{support.channels.responseTime}</p>
        </section>

        <section className="support__section">
          <h2>{support.include.heading}</h2>
          <ul>
            {support.include.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <p className="support__warning">{support.include.warning}</p>
        </section>

        <section className="support__section">
          <h2>{support.reportQuestion.heading}</h2>
          <ol>
            {support.reportQuestion.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <p>{support.reportQuestion.note}</p>
        </section>

        <section className="support__section">
          <h2>{support.payments.heading}</h2>
          <p>{support.payments.text}</p>
        </section>
      </div>
    </PageShell>
  );
}
