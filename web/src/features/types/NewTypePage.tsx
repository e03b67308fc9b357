import { Button } from '@blueprintjs/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormError } from '../../components/FormError';
import { PageHeader } from '../../components/PageHeader';
import { TextField } from '../../components/TextField';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/validation';
import { TYPE_NAME_MAX, createType, typeDetailPath, typesPath, type TypeKind } from './api';
import './types.css';

/** /tipologie/documenti/nuova */
export const NewDocumentTypePage = () => <NewTypePage kind="document" />;
/** /tipologie/dossier/nuova */
export const NewDossierTypePage = () => <NewTypePage kind="dossier" />;

interface NewTypeFields {
  name: string;
}

/**
 * A new type (docs/domain.md#types, #input-rules-and-limits): its name, required ('Campo obbligatorio') and at most 30
 * characters. 'Tipologia creata' and on to its detail; a refusal shows the server's message.
 */
function NewTypePage({ kind }: { kind: TypeKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NewTypeFields>({ defaultValues: { name: '' } });

  const submit = async ({ name }: NewTypeFields) => {
    try {
      const created = await createType(kind, name.trim());
      void toast.success(t('types.created'));
      await navigate(typeDetailPath(kind, created));
    } catch (error) {
      const message = errorMessage(error);
      setError('root.server', { message });
      void toast.error(message);
    }
  };

  const list = t(kind === 'document' ? 'routes.documentTypes' : 'routes.dossierTypes');
  const title = t(kind === 'document' ? 'routes.documentTypeNew' : 'routes.dossierTypeNew');
  return (
    <>
      <PageHeader title={title} breadcrumbs={[{ label: t('routes.dashboard'), to: '/dashboard' }, { label: list, to: typesPath(kind) }, { label: title }]}>
        <Button icon="arrow-left" text={t('types.back')} onClick={() => void navigate(typesPath(kind))} data-testid="type-new-back" />
      </PageHeader>
      <section className="page-panel page-panel--form">
        <form noValidate onSubmit={handleSubmit(submit)} className="form-narrow" data-testid="type-new-form">
          <TextField
            label={t('types.fields.name')}
            registration={register('name', {
              validate: {
                required: (value) => value.trim() !== '' || t('validation.required'),
                // Counted as the server counts: characters of the trimmed name.
                maxLength: (value) => [...value.trim()].length <= TYPE_NAME_MAX || t('validation.maxLength', { max: TYPE_NAME_MAX }),
              },
            })}
            error={errors.name}
            helperText={t('types.nameHelp', { max: TYPE_NAME_MAX })}
            autoComplete="off"
            autoFocus
            testId="type-name"
          />
          <FormError message={errors.root?.server?.message} testId="type-new-error" />
          <Button type="submit" intent="primary" icon="floppy-disk" loading={isSubmitting} text={t('types.create')} data-testid="type-new-submit" />
        </form>
      </section>
    </>
  );
}
