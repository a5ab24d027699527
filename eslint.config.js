// @ts-check
import angular from 'angular-eslint';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'bench/results/',
      // What Analog's generator writes, kept as it writes it (tools/recipes/README.md).
      'tools/recipes/stock-app/',
      'tools/recipes/stock-app-latest/',
    ],
  },
  {
    files: ['**/*.ts'],
    extends: [...tseslint.configs.recommended, ...angular.configs.tsRecommended],
    processor: angular.processInlineTemplates,
    rules: {
      'no-console': ['error', { allow: ['warn', 'error'] }],
      '@angular-eslint/component-selector': [
        'error',
        { type: 'element', prefix: 'app', style: 'kebab-case' },
      ],
    },
  },
  {
    files: ['**/*.html'],
    extends: [...angular.configs.templateRecommended, ...angular.configs.templateAccessibility],
  },
);
