import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Combobox } from './Combobox';

const FRUITS = ['mela', 'pera', 'prugna'];

interface PickerProps {
  multiple?: boolean;
  autoHighlight?: boolean;
  stale?: boolean;
}

/** A combobox of fruits, holding what is typed and what is chosen as a picker would. */
function FruitPicker({ multiple = false, autoHighlight = false, stale = false }: PickerProps) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const options = FRUITS.filter((fruit) => fruit.includes(text.trim()));
  return (
    <form>
      <label htmlFor="fruit">Frutto</label>
      <Combobox
        id="fruit"
        text={text}
        onType={setText}
        open={open}
        onOpenChange={setOpen}
        options={options}
        optionKey={(fruit) => fruit}
        renderOption={(fruit) => fruit}
        onChoose={(fruit) => {
          if (multiple) setChosen((current) => (current.includes(fruit) ? current.filter((each) => each !== fruit) : [...current, fruit]));
          else {
            setChosen([fruit]);
            setText(fruit);
          }
        }}
        multiple={multiple}
        isSelected={multiple ? (fruit) => chosen.includes(fruit) : undefined}
        autoHighlight={autoHighlight}
        stale={stale}
        listLabel="Frutti trovati"
        notes={
          options.length === 0 && (
            <li className="combobox__note" role="presentation">
              Nessun frutto
            </li>
          )
        }
        clearLabel={chosen.length > 0 ? 'Svuota' : undefined}
        testId="fruit"
      />
      <output data-testid="chosen">{chosen.join(',')}</output>
    </form>
  );
}

const field = () => screen.getByRole('combobox', { name: 'Frutto' });
/** The key pressed in the field: whether the combobox left its default (Enter: submitting the form) alone. */
const key = (name: string) => fireEvent.keyDown(field(), { key: name });
const activeText = () => {
  const id = field().getAttribute('aria-activedescendant');
  return id === null ? null : document.getElementById(id)?.textContent;
};

describe('Combobox', () => {
  it('opens on focus, names its list, and closes on Escape', () => {
    render(<FruitPicker />);
    expect(field().getAttribute('aria-expanded')).toBe('false');
    fireEvent.focus(field());
    expect(field().getAttribute('aria-expanded')).toBe('true');
    const list = screen.getByRole('listbox', { name: 'Frutti trovati' });
    expect(field().getAttribute('aria-controls')).toBe(list.id);
    expect(within(list).getAllByRole('option').map((option) => option.textContent)).toEqual(FRUITS);
    key('Escape');
    expect(field().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('option')).toBeNull();
  });

  it('shows the first option at the first ↓, moves round the list, and chooses with Enter (not submitting)', () => {
    render(<FruitPicker />);
    fireEvent.focus(field());
    expect(activeText()).toBeNull();
    key('ArrowDown');
    expect(activeText()).toBe('mela');
    key('ArrowUp');
    expect(activeText()).toBe('prugna');
    key('ArrowDown');
    key('ArrowDown');
    expect(activeText()).toBe('pera');
    expect(key('Enter')).toBe(false);
    expect(screen.getByTestId('chosen').textContent).toBe('pera');
    expect((field() as HTMLInputElement).value).toBe('pera');
    expect(field().getAttribute('aria-expanded')).toBe('false');
  });

  it('leaves Enter to the form while no option is active', () => {
    render(<FruitPicker />);
    fireEvent.focus(field());
    expect(key('Enter')).toBe(true);
    expect(screen.getByTestId('chosen').textContent).toBe('');
  });

  it('makes the first option found the active one once the user types, and says when none is found', () => {
    render(<FruitPicker />);
    fireEvent.focus(field());
    fireEvent.change(field(), { target: { value: 'pr' } });
    expect(activeText()).toBe('prugna');
    fireEvent.change(field(), { target: { value: 'kiwi' } });
    expect(screen.queryByRole('option')).toBeNull();
    expect(screen.getByText('Nessun frutto')).toBeTruthy();
    expect(field().getAttribute('aria-activedescendant')).toBeNull();
  });

  it('with autoHighlight, has the first option active as soon as the list shows', () => {
    render(<FruitPicker autoHighlight />);
    fireEvent.focus(field());
    expect(activeText()).toBe('mela');
    expect(screen.getByRole('option', { name: 'mela' }).getAttribute('aria-selected')).toBe('true');
    key('ArrowDown');
    expect(activeText()).toBe('pera');
  });

  it('chooses nothing with Enter while the options are stale, nor submits', () => {
    render(<FruitPicker stale />);
    fireEvent.focus(field());
    fireEvent.change(field(), { target: { value: 'me' } });
    expect(key('Enter')).toBe(false);
    expect(screen.getByTestId('chosen').textContent).toBe('');
    expect(screen.getByRole('listbox').className).toContain('combobox__list--stale');
  });

  it('keeps a multiple list open on a choice, a click adding an option and another removing it', () => {
    render(<FruitPicker multiple />);
    fireEvent.focus(field());
    expect(screen.getByRole('listbox').getAttribute('aria-multiselectable')).toBe('true');
    fireEvent.click(screen.getByRole('option', { name: 'mela' }));
    fireEvent.click(screen.getByRole('option', { name: 'prugna' }));
    expect(screen.getByTestId('chosen').textContent).toBe('mela,prugna');
    expect(screen.getByRole('option', { name: 'mela' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('option', { name: 'pera' }).getAttribute('aria-selected')).toBe('false');
    fireEvent.click(screen.getByRole('option', { name: 'mela' }));
    expect(screen.getByTestId('chosen').textContent).toBe('prugna');
    expect(field().getAttribute('aria-expanded')).toBe('true');
  });

  it('empties the field with its cross, opening the list again', () => {
    render(<FruitPicker />);
    fireEvent.focus(field());
    fireEvent.click(screen.getByRole('option', { name: 'pera' }));
    expect(field().getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Svuota' }));
    expect((field() as HTMLInputElement).value).toBe('');
    expect(field().getAttribute('aria-expanded')).toBe('true');
  });
});
