import '@angular/platform-server/init';
import { render } from '@analogjs/router/server';

import { App } from './app/app';
import { config } from './app/app.config.server';
import { withPagePolicy } from './modules/security/runtime/page-policy';

export default withPagePolicy(render(App, config));
