import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** An exam sheet blown off the desk, with a question mark where the answers should be. */
function LostSheetIllustration() {
  return (
    <svg
      className="not-found__illustration"
      viewBox="0 0 240 180"
      width="240"
      height="180"
      aria-hidden="true"
      xmlns="http://www.w3.org/2000/svg"
    >
      <ellipse cx="120" cy="164" rx="78" ry="9" fill="#e2e8f0" />
      <g transform="rotate(-9 120 86)">
        <path
          d="M72 22h76l24 24v104a6 6 0 0 1-6 6H72a6 6 0 0 1-6-6V28a6 6 0 0 1 6-6z"
          fill="#fff"
        />
        <path
          d="M72 22h76l24 24v104a6 6 0 0 1-6 6H72a6 6 0 0 1-6-6V28a6 6 0 0 1 6-6z"
          fill="none"
          stroke="#1d4ed8"
          strokeWidth="3"
        />
        <path d="M148 22v24h24" fill="#dbeafe" stroke="#1d4ed8" strokeWidth="3" />
        <g fill="none" stroke="#94a3b8" strokeWidth="3" strokeLinecap="round">
          <path d="M84 52h44" />
          <circle cx="88" cy="72" r="5" />
          <path d="M100 72h36" />
          <circle cx="88" cy="90" r="5" />
          <path d="M100 90h28" />
        </g>
        <text
          x="119"
          y="140"
          textAnchor="middle"
          fill="#f59e0b"
          fontFamily="system-ui, sans-serif"
          fontSize="44"
          fontWeight="700"
        >
          ?
        </text>
      </g>
      <g fill="none" stroke="#94a3b8" strokeWidth="2.5" strokeLinecap="round">
        <path d="M34 70c8-6 16-6 24 0" />
        <path d="M28 88c8-6 18-6 26 0" />
        <path d="M186 46c8-6 16-6 24 0" />
      </g>
    </svg>
  );
}

/** Any address the app does not know (spec 000, screen 10). */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className="page not-found" aria-labelledby="not-found-title">
      <LostSheetIllustration />
      <h1 id="not-found-title" className="page__title">
        {t('notFound.title')}
      </h1>
      <p className="page__lead">{t('notFound.message')}</p>
      <Button type="primary" size="large" onClick={() => void navigate('/dashboard')}>
        {t('notFound.button')}
      </Button>
    </section>
  );
}
