import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import { useTranslation } from 'react-i18next';
import { parseLanguage } from '@ensaya/core/i18n/language';
import termsEn from '../../locales/content/terms.en.json';
import termsEs from '../../locales/content/terms.es.json';

/** The terms and conditions: 16 numbered paragraphs (spec 000, section 1). */
export function TermsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const terms = parseLanguage(i18n.language) === 'en' ? termsEn : termsEs;

  return (
    <Modal
      open={open}
      title={terms.title}
      onCancel={onClose}
      width={760}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('terms.close')}
        </Button>
      }
    >
      <p className="terms__updated">{terms.updated}</p>
      <ol className="terms__list">
        {terms.paragraphs.map((paragraph) => (
          <li key={paragraph.heading}>
            <h3 className="terms__heading">{paragraph.heading}</h3>
            <p>{paragraph.text}</p>
          </li>
        ))}
      </ol>
    </Modal>
  );
}
