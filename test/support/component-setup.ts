// Component specs render through Angular's TestBed in jsdom, compiled by Analog's Angular plugin.
import '@angular/compiler';
import { setupTestBed } from '@analogjs/vitest-angular/setup-testbed';

setupTestBed({ zoneless: true });
