import '../item-analysis.css';
import Alert from 'antd/es/alert';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useItemAnalysisDetail } from '../api/item-analysis.ts';
import {
  AverageTime,
  formatDiscrimination,
  formatShare,
  ItemFlags,
  OptionShares,
} from '../components/item-analysis-parts.tsx';
import { ServerHtml } from '../components/server-html.tsx';
import { ADMIN_NAMESPACE } from '../lib/admin-i18n.ts';

/**
 * `/admin/item-analysis/{stem id}?period_id=`: one question in one period: its figures, the
 * distribution of its options (with their text) and the students' comments on it.
 */
export function ItemAnalysisDetailPage() {
  const { t, i18n } = useTranslation(ADMIN_NAMESPACE);
  const { id } = useParams();
  const [searchParams] = useSearchParams();
  const stemId = Number(id) || undefined;
  const periodId = Number(searchParams.get('period_id')) || undefined;
  const detail = useItemAnalysisDetail(stemId, periodId);
  const item = detail.data;
  const dateFormat = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

  return (
    <section className="admin-page item-analysis" aria-labelledby="admin-page-title">
      <p>
        <Link to={`/admin/item-analysis?${searchParams.toString()}`}>
          ← {t('itemAnalysis.back')}
        </Link>
      </p>
      <h1 id="admin-page-title" className="page__title">
        {item
          ? t('itemAnalysis.detailTitle', { number: item.stem_number })
          : t('itemAnalysis.title')}
      </h1>
      {detail.isPending && <p role="status">{t('common.loading')}</p>}
      {detail.isError && <Alert type="error" title={detail.error.message} />}
      {item && (
        <>
          <p className="item-analysis__theme">
            {item.theme_name} ·{' '}
            <Link to={`/admin/questions/${item.stem_id}`}>{t('common.edit')}</Link>
          </p>
          <ServerHtml
            className="item-analysis__statement question-html"
            html={item.statement_html}
          />
          <dl className="item-analysis__figures">
            <div>
              <dt>{t('itemAnalysis.attempts')}</dt>
              <dd>{item.attempts}</dd>
            </div>
            <div>
              <dt>{t('itemAnalysis.facility')}</dt>
              <dd>{formatShare(item.facility, i18n.language)}</dd>
            </div>
            <div>
              <dt>{t('itemAnalysis.discrimination')}</dt>
              <dd>
                {formatDiscrimination(item.discrimination, i18n.language)}{' '}
                <span className="item-analysis__small">
                  {t('itemAnalysis.discriminationN', { count: item.discrimination_n })}
                </span>
              </dd>
            </div>
            <div>
              <dt>{t('itemAnalysis.averageTime')}</dt>
              <dd>
                <AverageTime seconds={item.average_seconds} />{' '}
                <span className="item-analysis__small">({t('itemAnalysis.approximate')})</span>
              </dd>
            </div>
            <div className="item-analysis__wide">
              <dt>{t('itemAnalysis.flags')}</dt>
              <dd>
                <ItemFlags flags={item.flags} />
              </dd>
            </div>
          </dl>
          <p className="item-analysis__small">{t('itemAnalysis.averageTimeHelp')}</p>
          <h2 className="item-analysis__heading">{t('itemAnalysis.distribution')}</h2>
          <OptionShares
            row={item}
            bodies={
              new Map(
                item.choices.map((choice) => [
                  choice.choice_id,
                  <ServerHtml key={choice.choice_id} as="span" html={choice.body_html} />,
                ]),
              )
            }
          />
          <h2 className="item-analysis__heading">
            {t('itemAnalysis.commentsTitle', { count: item.comments })}
          </h2>
          {item.comment_list.length === 0 ? (
            <p>{t('itemAnalysis.noComments')}</p>
          ) : (
            <ul className="item-analysis__comments">
              {item.comment_list.map((comment) => (
                <li key={comment.id}>
                  <p>{comment.comment}</p>
                  <p className="item-analysis__small">
                    {dateFormat.format(new Date(comment.created_at))}
                    {comment.resolved_at && ` · ${t('itemAnalysis.resolved')}`}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
