import { ChangeDetectionStrategy, Component, signal } from '@angular/core';
import { TestBed } from '@angular/core/testing';
import { describe, expect, it } from 'vitest';

import { FieldControl, FormField } from './form-field';

@Component({
  imports: [FormField, FieldControl],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <app-form-field label="Email" [error]="error()">
      <input appControl id="sign-up-email" name="email" />
    </app-form-field>
  `,
})
class EmailForm {
  readonly error = signal<string | undefined>(undefined);
}

async function render(error?: string) {
  const fixture = TestBed.createComponent(EmailForm);
  fixture.componentInstance.error.set(error);
  await fixture.whenStable();
  const page = fixture.nativeElement as HTMLElement;
  return { fixture, page, control: page.querySelector('input')! };
}

describe('FormField', () => {
  it('names its control by the visible label', async () => {
    const { control } = await render();
    expect(control.id).toBe('sign-up-email');
    expect([...control.labels!].map((label) => label.textContent)).toEqual(['Email']);
  });

  it('leaves a control without an error valid and undescribed, and announces nothing', async () => {
    const { page, control } = await render();
    expect(control.hasAttribute('aria-invalid')).toBe(false);
    expect(control.hasAttribute('aria-describedby')).toBe(false);
    expect(page.querySelector('[role="alert"]')).toBeNull();
  });

  it('announces an error, describes the control by it and marks the control invalid', async () => {
    const { page, control } = await render('Enter a valid email address');
    const description = page.querySelector(`#${control.getAttribute('aria-describedby')}`);
    expect(description?.textContent).toBe('Enter a valid email address');
    expect(description?.getAttribute('role')).toBe('alert');
    expect(control.getAttribute('aria-invalid')).toBe('true');
  });

  it('follows the error as it comes and goes', async () => {
    const { fixture, page, control } = await render('Enter a valid email address');
    fixture.componentInstance.error.set(undefined);
    await fixture.whenStable();
    expect(control.hasAttribute('aria-invalid')).toBe(false);
    expect(page.querySelector('[role="alert"]')).toBeNull();
    fixture.componentInstance.error.set('That email has an account');
    await fixture.whenStable();
    expect(page.querySelector('[role="alert"]')?.textContent).toBe('That email has an account');
    expect(control.getAttribute('aria-describedby')).toBe('sign-up-email-error');
  });
});
