import { Classes, TagInput, type TagInputProps } from '@blueprintjs/core';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Blueprint's TagInput, with each tag's remove button named in the user's language: Blueprint
 * labels it "Remove tag" whatever the language and offers no prop to change it, so the label
 * is set on the rendered buttons after every render (one per value, in order).
 */
export function TagListInput(props: TagInputProps) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const buttons = container.current?.querySelectorAll<HTMLButtonElement>(`.${Classes.TAG_REMOVE}`) ?? [];
    buttons.forEach((button, index) => {
      button.setAttribute('aria-label', t('common.removeTag', { tag: String(props.values[index] ?? '') }));
    });
  });
  return (
    <div ref={container} className="tag-list-input">
      <TagInput {...props} />
    </div>
  );
}

/** Tags as typed: trimmed, no empty one, no repeated one. */
export const normalizeTags = (values: readonly unknown[]) => [...new Set(values.map((value) => String(value).trim()).filter((value) => value !== ''))];

/** Enter adds the tag being typed; it submits the form only from an empty field. */
export const enterAddsTag: TagInputProps['onKeyDown'] = (event) => {
  if (event.key === 'Enter' && (event.target as HTMLInputElement).value !== '') event.preventDefault();
};
