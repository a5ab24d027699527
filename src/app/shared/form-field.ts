import { ChangeDetectionStrategy, Component, Directive, contentChild, inject, input } from '@angular/core';

/** A field's control, `<input appControl id="…">`: its field's error describes it and marks it invalid. */
@Directive({
  selector: '[appControl]',
  host: {
    '[id]': 'id()',
    '[attr.aria-invalid]': 'field.error() ? true : null',
    '[attr.aria-describedby]': "field.error() ? id() + '-error' : null",
  },
})
export class FieldControl {
  readonly id = input.required<string>();
  protected readonly field = inject(FormField);
}

/** A labelled field around its control: the label names it, and an error is announced beside it. */
@Component({
  selector: 'app-form-field',
  changeDetection: ChangeDetectionStrategy.OnPush,
  host: { class: 'field' },
  template: `
    <label [for]="control().id()">{{ label() }}</label>
    <ng-content />
    @if (error(); as message) {
      <p [id]="control().id() + '-error'" class="error" role="alert">{{ message }}</p>
    }
  `,
})
export class FormField {
  readonly label = input.required<string>();
  readonly error = input<string>();
  protected readonly control = contentChild.required(FieldControl);
}
