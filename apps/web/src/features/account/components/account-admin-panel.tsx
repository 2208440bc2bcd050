import {
  legalDocs,
  reportStatuses,
  type AccountSettings,
  type LegalDoc,
  type OutboxMail,
  type Report,
  type ReportStatus,
} from '@amora/shared/account.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { AdminList, AdminSection } from '../../admin/components/admin-section.tsx';
import admin from '../../admin/components/admin.module.css';
import {
  accountKeys,
  fetchAccountSettings,
  fetchLegal,
  fetchOutbox,
  fetchReports,
  saveAccountSettings,
  saveLegal,
  setReportStatus,
} from '../api/account-api.ts';
import '../../../lib/console-i18n.ts';
import '../../../lib/pages-i18n.ts';

/**
 * The console's "Accounts" section (issue 14): reports from users, the outbox (the mailbox of an
 * install without SMTP_URL), what unconfirmed accounts may do, the seller on receipts, the legal texts.
 */
export function AccountAdminPanel() {
  const { t } = useTranslation();
  return (
    <AdminSection id="admin-account" title={t('account.admin.title')}>
      <ReportsList />
      <OutboxList />
      <SettingsForm />
      <LegalEditor />
    </AdminSection>
  );
}

function ReportsList() {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<ReportStatus | 'all'>('open');
  const queryClient = useQueryClient();
  const reports = useQuery({
    queryKey: accountKeys.adminReports(status),
    queryFn: ({ signal }) => fetchReports(status, signal),
  });
  const decide = useMutation({
    mutationFn: ({ id, next }: { id: string; next: ReportStatus }) => setReportStatus(id, next),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['admin', 'reports'] }),
    onError: (err) => showToast(errorMessage(err, t), 'error'),
  });
  return (
    <>
      <label className={admin.muted}>
        {t('account.admin.reportsFilter')}{' '}
        <select
          value={status}
          onChange={(e) => setStatus(e.target.value as ReportStatus | 'all')}
          data-testid="admin-reports-filter"
        >
          <option value="all">{t('account.admin.all')}</option>
          {reportStatuses.map((s) => (
            <option key={s} value={s}>
              {t(`account.admin.status.${s}`)}
            </option>
          ))}
        </select>
      </label>
      <AdminList
        title={t('account.admin.reports')}
        query={reports}
        empty={t('account.admin.noReports')}
        testId="admin-reports"
        row={(r: Report) => (
          <li key={r._id} className={admin.row} data-testid="admin-report" data-status={r.status}>
            <span className={admin.rowMain}>
              <span>{t(`account.report.reasons.${r.reason}`, { defaultValue: r.reason })}</span>
              {' · '}
              <span>
                {r.targetType === 'bot' ? t('account.admin.targetBot') : t('account.admin.targetMessage')}
              </span>
              {' · '}
              <q data-testid="admin-report-excerpt">{r.excerpt}</q>
              {r.text ? <span className={admin.muted}> — {r.text}</span> : null}
            </span>
            <span className={admin.muted}>
              {r.userEmail} · {formatDateTime(r.createdAt, i18n.language)}
            </span>
            <span className={admin.actions}>
              <span data-testid="admin-report-status">{t(`account.admin.status.${r.status}`)}</span>
              {r.status !== 'reviewed' ? (
                <Button
                  size="sm"
                  onClick={() => decide.mutate({ id: r._id, next: 'reviewed' })}
                  data-testid="admin-report-reviewed"
                >
                  {t('account.admin.markReviewed')}
                </Button>
              ) : null}
              {r.status === 'open' ? (
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => decide.mutate({ id: r._id, next: 'dismissed' })}
                >
                  {t('account.admin.dismiss')}
                </Button>
              ) : null}
            </span>
          </li>
        )}
      />
    </>
  );
}

function OutboxList() {
  const { t, i18n } = useTranslation();
  const outbox = useQuery({
    queryKey: accountKeys.adminOutbox(),
    queryFn: ({ signal }) => fetchOutbox(signal),
  });
  const mails = useQuery({
    queryKey: accountKeys.adminOutbox(),
    queryFn: ({ signal }) => fetchOutbox(signal),
    select: (r) => r.data,
  });
  return (
    <>
      <p className={admin.muted}>
        {outbox.data?.smtp ? t('account.admin.outboxSmtp') : t('account.admin.outboxHint')}
      </p>
      <AdminList
        title={t('account.admin.outbox')}
        query={mails}
        empty={t('account.admin.noMail')}
        testId="admin-outbox"
        row={(m: OutboxMail) => (
          <li key={m._id} className={admin.row} data-testid="admin-mail" data-kind={m.kind}>
            <span className={admin.rowMain}>
              <strong>{m.subject}</strong> · <span data-testid="admin-mail-to">{m.to}</span>
            </span>
            <span className={admin.muted}>
              {formatDateTime(m.createdAt, i18n.language)}
              {m.error ? ` · ${m.error}` : m.sentAt ? ` · ${t('account.admin.sent')}` : ''}
            </span>
            <span>
              {m.links.map((link) => (
                <a key={link} href={link} data-testid="admin-mail-link">
                  {t('account.admin.openLink')}
                </a>
              ))}
            </span>
          </li>
        )}
      />
    </>
  );
}

function SettingsForm() {
  const settings = useQuery({
    queryKey: accountKeys.adminSettings(),
    queryFn: ({ signal }) => fetchAccountSettings(signal),
  });
  return settings.data ? <SettingsFields initial={settings.data} /> : null;
}

function SettingsFields({ initial }: { initial: AccountSettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<AccountSettings>(initial);
  const save = useMutation({
    mutationFn: (value: AccountSettings) => saveAccountSettings(value),
    onSuccess: (saved) => {
      queryClient.setQueryData(accountKeys.adminSettings(), saved);
      showToast(t('account.admin.saved'), 'success');
    },
    onError: (err) => showToast(errorMessage(err, t), 'error'),
  });
  const receipt = (key: keyof AccountSettings['receipt'], value: string) =>
    setDraft({ ...draft, receipt: { ...draft.receipt, [key]: value } });
  return (
    <form
      className={admin.form}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(draft);
      }}
      data-testid="admin-account-settings"
    >
      <h2 className={admin.subTitle}>{t('account.admin.policy')}</h2>
      <label>
        <input
          type="checkbox"
          checked={draft.unverified.canChat}
          onChange={(e) =>
            setDraft({ ...draft, unverified: { ...draft.unverified, canChat: e.target.checked } })
          }
          data-testid="admin-unverified-chat"
        />{' '}
        {t('account.admin.canChat')}
      </label>
      <label>
        <input
          type="checkbox"
          checked={draft.unverified.canBuy}
          onChange={(e) =>
            setDraft({ ...draft, unverified: { ...draft.unverified, canBuy: e.target.checked } })
          }
          data-testid="admin-unverified-buy"
        />{' '}
        {t('account.admin.canBuy')}
      </label>
      <h2 className={admin.subTitle}>{t('account.admin.receipt')}</h2>
      <TextField
        label={t('account.admin.companyName')}
        value={draft.receipt.companyName}
        onChange={(e) => receipt('companyName', e.target.value)}
      />
      <TextField
        label={t('paywall.registrationNumber')}
        value={draft.receipt.registrationNumber}
        onChange={(e) => receipt('registrationNumber', e.target.value)}
        data-testid="admin-registration-number"
      />
      <TextField
        label={t('account.admin.descriptor')}
        value={draft.receipt.billingDescriptor}
        onChange={(e) => receipt('billingDescriptor', e.target.value)}
        data-testid="admin-billing-descriptor"
      />
      <TextField
        label={t('account.admin.address')}
        value={draft.receipt.address}
        onChange={(e) => receipt('address', e.target.value)}
      />
      <div className={admin.actions}>
        <Button type="submit" loading={save.isPending} data-testid="admin-account-save">
          {t('account.admin.save')}
        </Button>
      </div>
    </form>
  );
}

function LegalEditor() {
  const { t } = useTranslation();
  const [doc, setDoc] = useState<LegalDoc>('terms');
  const [language, setLanguage] = useState<'en' | 'ru'>('en');
  const text = useQuery({
    queryKey: accountKeys.legal(doc, language),
    queryFn: ({ signal }) => fetchLegal(doc, language, signal),
  });
  return (
    <>
      <h2 className={admin.subTitle}>{t('account.admin.legal')}</h2>
      <div className={admin.actions}>
        <select
          value={doc}
          onChange={(e) => setDoc(e.target.value as LegalDoc)}
          aria-label={t('account.admin.legalDoc')}
          data-testid="admin-legal-doc"
        >
          {legalDocs.map((d) => (
            <option key={d} value={d}>
              {t(`account.legal.${d}`)}
            </option>
          ))}
        </select>
        <select
          value={language}
          onChange={(e) => setLanguage(e.target.value as 'en' | 'ru')}
          aria-label={t('account.admin.legalLanguage')}
          data-testid="admin-legal-language"
        >
          <option value="en">English</option>
          <option value="ru">Русский</option>
        </select>
      </div>
      {text.data ? (
        <LegalText
          key={`${doc}.${language}.${text.dataUpdatedAt}`}
          doc={doc}
          language={language}
          initial={text.data.markdown}
          custom={text.data.custom}
        />
      ) : null}
    </>
  );
}

function LegalText({
  doc,
  language,
  initial,
  custom,
}: {
  doc: LegalDoc;
  language: 'en' | 'ru';
  initial: string;
  custom: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [markdown, setMarkdown] = useState(initial);
  const save = useMutation({
    mutationFn: (value: string | null) => saveLegal(doc, language, value),
    onSuccess: (saved) => {
      queryClient.setQueryData(accountKeys.legal(doc, language), saved);
      showToast(t('account.admin.saved'), 'success');
    },
    onError: (err) => showToast(errorMessage(err, t), 'error'),
  });
  return (
    <form
      className={admin.form}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(markdown);
      }}
      data-testid="admin-legal"
    >
      <textarea
        rows={14}
        value={markdown}
        onChange={(e) => setMarkdown(e.target.value)}
        aria-label={t('account.admin.legalText')}
        data-testid="admin-legal-text"
      />
      <div className={admin.actions}>
        <Button type="submit" loading={save.isPending} data-testid="admin-legal-save">
          {t('account.admin.save')}
        </Button>
        {custom ? (
          <Button type="button" variant="ghost" onClick={() => save.mutate(null)}>
            {t('account.admin.restoreDefault')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
