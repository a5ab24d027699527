/** WebSocket page: a live chat that reconnects with backoff and says where its connection is. */
// PAGE /chat
import { DatePipe } from '@angular/common';
import { ChangeDetectionStrategy, Component, computed, signal } from '@angular/core';
import { RouterLink } from '@angular/router';
import type { RouteMeta } from '@analogjs/router';

import { injectChat } from '../chat/chat-connection';
import { chatLimits } from '../../shared/chat';

export const routeMeta: RouteMeta = { title: 'Chat · Analog API routes' };

@Component({
  selector: 'app-chat-page',
  imports: [DatePipe, RouterLink],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <h1>Chat</h1>
    <p role="status" class="connection" [attr.data-state]="chat.state().kind">
      @switch (chat.state().kind) {
        @case ('open') {
          Connected
        }
        @case ('connecting') {
          Connecting…
        }
        @case ('reconnecting') {
          Connection lost. Reconnecting in {{ retrySeconds() }} s…
        }
        @case ('signed-out') {
          <a routerLink="/sign-in" [queryParams]="{ next: '/chat' }">Sign in</a> to chat.
        }
      }
    </p>
    <div role="log" aria-label="Messages">
      <ol class="messages">
        @for (message of chat.messages(); track message.id) {
          <li>
            <strong>{{ message.name }}</strong>
            <time [attr.datetime]="message.at">{{ message.at | date: 'shortTime' }}</time>
            <p>{{ message.text }}</p>
          </li>
        } @empty {
          <li>No messages yet.</li>
        }
      </ol>
    </div>
    <form (submit)="send($event)">
      <label for="chat-text">Message</label>
      <input
        id="chat-text"
        name="text"
        autocomplete="off"
        required
        [maxLength]="maxLength"
        [value]="draft()"
        (input)="draft.set(text($event))"
      />
      <button type="submit" [disabled]="chat.state().kind !== 'open'">Send</button>
      @if (chat.error()) {
        <p role="alert">{{ chat.error() }}</p>
      }
    </form>
  `,
})
export default class ChatPage {
  protected readonly chat = injectChat();
  protected readonly draft = signal('');
  protected readonly maxLength = chatLimits.maxTextLength;
  protected readonly retrySeconds = computed(() => {
    const state = this.chat.state();
    return state.kind === 'reconnecting' ? state.inSeconds : 0;
  });

  protected text(event: Event): string {
    return (event.target as HTMLInputElement).value;
  }

  protected send(event: Event): void {
    event.preventDefault();
    const text = this.draft().trim();
    if (text && this.chat.send(text)) this.draft.set('');
  }
}
