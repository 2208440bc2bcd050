import { useMutation, useQueryClient, type QueryKey, type UseQueryResult } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import styles from './admin.module.css';

/** One console section: its heading (also the page title) labels the section. */
export function AdminSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} className={styles.sectionTitle}>
        {title}
      </h1>
      {children}
    </section>
  );
}

/**
 * A console list under its sub-heading: a spinner while it loads, the error, a line when it is
 * empty, else one row each. `loadedAt` is when the list was loaded (rows stay pure to render).
 */
export function AdminList<T>({
  title,
  query,
  empty,
  testId,
  row,
}: {
  title: string;
  query: UseQueryResult<T[]>;
  empty: string;
  testId: string;
  row: (item: T, loadedAt: number) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <h2 className={styles.subTitle}>{title}</h2>
      {query.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : query.isError ? (
        <p role="alert" className={styles.error}>
          {errorMessage(query.error, t)}
        </p>
      ) : query.data.length === 0 ? (
        <p className={styles.muted}>{empty}</p>
      ) : (
        <ul className={styles.rows} data-testid={testId}>
          {query.data.map((item) => row(item, query.dataUpdatedAt))}
        </ul>
      )}
    </>
  );
}

type Parsed<T, E> = { ok: true; value: T } | { ok: false; errors: E };

/**
 * A console create form: on submit the fields are parsed; their errors are shown, or the input is
 * sent. On success `onCreated` runs (clear the fields, say so) and the list under `listKey` reloads;
 * a refusal is a toast, and the fields keep what was typed.
 */
export function useCreateForm<In, Out, E extends object>(opts: {
  parse: () => Parsed<In, E>;
  create: (input: In) => Promise<Out>;
  listKey: QueryKey;
  onCreated: (result: Out, input: In) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<Partial<E>>({});
  const mutation = useMutation({
    mutationFn: opts.create,
    onSuccess: (result, input) => {
      opts.onCreated(result, input);
      void queryClient.invalidateQueries({ queryKey: opts.listKey });
    },
    onError: (err) => showToast(errorMessage(err, t), 'error'),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = opts.parse();
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    mutation.mutate(parsed.value);
  };
  return { errors, submit, pending: mutation.isPending };
}
