import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Popconfirm from 'antd/es/popconfirm';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpStatus } from '@ensaya/core/api/http';
import {
  DEFAULT_LATE_JOIN_MINUTES,
  type AdminScheduledExam,
} from '@ensaya/core/contracts/scheduled-exam';
import { FormField } from '../../../../components/form-field.tsx';
import { isApiRequestError, showApiError, type FieldErrors } from '../../../../lib/api-client.ts';
import { formatDateTime } from '../../../../lib/format.ts';
import {
  useAdminScheduledExams,
  useCancelScheduledExam,
  useCreateScheduledExam,
} from '../api/scheduled-exams.ts';
import { useFlash } from '../components/flash-message.tsx';
import { SubjectSelect, ThemeSelect } from '../components/reference-selects.tsx';
import { ADMIN_NAMESPACE } from '../lib/admin-i18n.ts';

/** A `datetime-local` value an hour from now, on the minute, in the admin's time zone. */
function inAnHour(): string {
  const date = new Date(Date.now() + 60 * 60_000);
  date.setSeconds(0, 0);
  const two = (part: number) => String(part).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}`;
}

function ScheduleForm() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const create = useCreateScheduledExam();
  const { flash, element: flashElement } = useFlash();
  const [title, setTitle] = useState('');
  const [titleEn, setTitleEn] = useState('');
  const [subjectId, setSubjectId] = useState<number>();
  const [electiveId, setElectiveId] = useState<number>();
  const [startsAt, setStartsAt] = useState(inAnHour);
  const [duration, setDuration] = useState<number | null>(140);
  const [lateJoin, setLateJoin] = useState<number | null>(DEFAULT_LATE_JOIN_MINUTES);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const local: FieldErrors = {};
    if (!title.trim()) local.title = [t('common.required')];
    if (subjectId === undefined) local.subject_id = [t('common.required')];
    if (!startsAt) local.starts_at = [t('common.required')];
    if (duration === null) local.duration_minutes = [t('common.required')];
    setErrors(local);
    setFormError(undefined);
    if (Object.keys(local).length > 0) return;
    try {
      await create.mutateAsync({
        title: title.trim(),
        title_en: titleEn.trim() || null,
        subject_id: subjectId!,
        elective_theme_id: electiveId ?? null,
        starts_at: new Date(startsAt).toISOString(),
        duration_minutes: duration!,
        late_join_minutes: lateJoin ?? 0,
      });
      flash(t('scheduled.created'));
      setTitle('');
      setTitleEn('');
    } catch (caught) {
      if (isApiRequestError(caught) && caught.status === HttpStatus.unprocessable) {
        setErrors(caught.fieldErrors);
        if (Object.keys(caught.fieldErrors).length === 0) setFormError(caught.message);
      } else showApiError(caught);
    }
  }

  const fieldError = (name: string) => errors[name]?.join(' ');
  /** A control's error (and hint) named for a screen reader, as FormField expects. */
  const describedBy = (id: string, name: string, hasHelp = false) => {
    const error = fieldError(name);
    const ids = [hasHelp && `${id}-help`, error && `${id}-error`].filter(Boolean).join(' ');
    return { 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined };
  };
  return (
    <form className="admin-form" onSubmit={(event) => void submit(event)} noValidate>
      {flashElement}
      {formError && (
        <Alert type="error" role="alert" showIcon title={formError} className="admin-form-alert" />
      )}
      <FormField id="scheduled-title" label={t('scheduled.name')} error={fieldError('title')}>
        <Input
          id="scheduled-title"
          {...describedBy('scheduled-title', 'title')}
          value={title}
          maxLength={200}
          onChange={(event) => setTitle(event.target.value)}
        />
      </FormField>
      <FormField
        id="scheduled-title-en"
        label={t('scheduled.nameEn')}
        error={fieldError('title_en')}
      >
        <Input
          id="scheduled-title-en"
          {...describedBy('scheduled-title-en', 'title_en')}
          value={titleEn}
          maxLength={200}
          onChange={(event) => setTitleEn(event.target.value)}
        />
      </FormField>
      <FormField
        id="scheduled-subject"
        label={t('common.subject')}
        error={fieldError('subject_id')}
      >
        <SubjectSelect
          id="scheduled-subject"
          value={subjectId}
          onChange={(value) => {
            setSubjectId(value);
            setElectiveId(undefined);
          }}
        />
      </FormField>
      <FormField
        id="scheduled-elective"
        label={t('scheduled.elective')}
        help={t('scheduled.electiveHelp')}
        error={fieldError('elective_theme_id')}
      >
        <ThemeSelect
          id="scheduled-elective"
          subjectId={subjectId}
          value={electiveId}
          allowClear
          onChange={setElectiveId}
        />
      </FormField>
      <FormField
        id="scheduled-starts"
        label={t('scheduled.startsAt')}
        error={fieldError('starts_at')}
      >
        <input
          id="scheduled-starts"
          {...describedBy('scheduled-starts', 'starts_at')}
          className="ant-input"
          type="datetime-local"
          value={startsAt}
          onChange={(event) => setStartsAt(event.target.value)}
        />
      </FormField>
      <FormField
        id="scheduled-duration"
        label={t('scheduled.duration')}
        error={fieldError('duration_minutes')}
      >
        <InputNumber
          id="scheduled-duration"
          {...describedBy('scheduled-duration', 'duration_minutes')}
          min={10}
          max={300}
          precision={0}
          value={duration}
          onChange={setDuration}
        />
      </FormField>
      <FormField
        id="scheduled-late"
        label={t('scheduled.lateJoin')}
        help={t('scheduled.lateJoinHelp')}
        error={fieldError('late_join_minutes')}
      >
        <InputNumber
          id="scheduled-late"
          {...describedBy('scheduled-late', 'late_join_minutes', true)}
          min={0}
          max={120}
          precision={0}
          value={lateJoin}
          onChange={setLateJoin}
        />
      </FormField>
      <div className="admin-form-actions">
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          {t('scheduled.create')}
        </Button>
      </div>
    </form>
  );
}

function ExamsTable({ exams }: { exams: AdminScheduledExam[] }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const cancel = useCancelScheduledExam();
  if (exams.length === 0) return <p>{t('scheduled.empty')}</p>;
  return (
    <div className="admin-table-scroll">
      <table className="admin-grid-table">
        <thead>
          <tr>
            <th scope="col">{t('scheduled.name')}</th>
            <th scope="col">{t('common.subject')}</th>
            <th scope="col">{t('scheduled.startsAt')}</th>
            <th scope="col">{t('scheduled.state')}</th>
            <th scope="col">{t('scheduled.counts')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('common.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {exams.map((exam) => (
            <tr key={exam.id}>
              <td>{exam.title}</td>
              <td>{exam.subject_name}</td>
              <td>
                {formatDateTime(exam.starts_at)} · {exam.duration_minutes} min ·{' '}
                {t('scheduled.questions', { count: exam.question_count })}
              </td>
              <td>{t(`scheduled.states.${exam.state}`)}</td>
              <td>
                {t('scheduled.countsValue', {
                  joined: exam.participant_count,
                  prepared: exam.prepared_count,
                  submitted: exam.submitted_count,
                })}
              </td>
              <td>
                {(exam.state === 'upcoming' || exam.state === 'waiting_room') && (
                  <Popconfirm
                    title={t('scheduled.confirmCancel', { name: exam.title })}
                    okText={t('common.yes')}
                    cancelText={t('common.no')}
                    onConfirm={() => cancel.mutate(exam.id, { onError: showApiError })}
                  >
                    <Button size="small" danger>
                      {t('scheduled.cancel')}
                    </Button>
                  </Popconfirm>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** `/admin/scheduled-exams`: schedules national ensayos and follows them. */
export function ScheduledExamsPage() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const exams = useAdminScheduledExams();
  return (
    <section className="admin-page" aria-labelledby="admin-page-title">
      <h1 id="admin-page-title" className="page__title">
        {t('scheduled.title')}
      </h1>
      <p className="page__lead">{t('scheduled.lead')}</p>
      <h2>{t('scheduled.newTitle')}</h2>
      <ScheduleForm />
      <h2>{t('scheduled.listTitle')}</h2>
      {exams.isPending && <p role="status">{t('common.loading')}</p>}
      {exams.isError && <Alert type="error" title={exams.error.message} />}
      {exams.data && <ExamsTable exams={exams.data} />}
    </section>
  );
}
