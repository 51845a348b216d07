import { resolve } from 'node:path';
import { createRequire } from 'node:module';
import webpack, { type Configuration } from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';
import CompressionPlugin from 'compression-webpack-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import type { FrontendApp } from './apps';
import { sharedAliases, sharedFor } from './shared';

const require = createRequire(import.meta.url);

const compressible = /\.(js|json|html|css|svg)$/;

export interface ConfigOptions {
  root: string;
  mode: 'production' | 'development';
}

/** The one webpack configuration every frontend is built with; apps differ only by `FrontendApp`. */
export const webpackConfig = (app: FrontendApp, { root, mode }: ConfigOptions): Configuration => {
  const appDir = resolve(root, app.dir);
  const isShell = app.name === 'shell';
  const production = mode === 'production';
  return {
    name: app.name,
    mode,
    context: appDir,
    // A remote is reached only through its container (remoteEntry.js), so it has no page entry.
    entry: isShell ? { main: './src/index.ts' } : {},
    target: 'web',
    devtool: production ? false : 'eval-cheap-module-source-map',
    output: {
      path: resolve(appDir, 'dist'),
      // The shell is served from the site root; a remote loads its chunks next to its manifest.
      publicPath: isShell ? '/' : 'auto',
      uniqueName: app.name,
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'], alias: sharedAliases },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: require.resolve('swc-loader'),
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !production, refresh: false } },
                target: 'es2022',
              },
            },
          },
        },
        // Styles are files, not scripts: the page is styled before any JavaScript runs, and a
        // remote's chunk brings its stylesheet in parallel with its script.
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, require.resolve('css-loader')] },
        // No localStorage read in the federation runtime's start (the loader says why).
        { test: /@module-federation[\\/]sdk[\\/]dist[\\/]env\.js$/, use: resolve(import.meta.dirname, 'federation-debug-loader.cjs') },
      ],
    },
    plugins: [
      // The federation runtime's debug output, on when the frontends are built with FEDERATION_DEBUG=1.
      new webpack.DefinePlugin({ FEDERATION_DEBUG: JSON.stringify(process.env.FEDERATION_DEBUG === '1') }),
      new MiniCssExtractPlugin({
        filename: production ? '[name].[contenthash:8].css' : '[name].css',
        chunkFilename: production ? '[name].[contenthash:8].css' : '[name].css',
      }),
      new ModuleFederationPlugin({
        name: app.name,
        filename: 'remoteEntry.js',
        exposes: app.exposes,
        shared: sharedFor(appDir),
        manifest: true,
        dts: false,
        // Only browser code in the runtime, and no remote-loading code in a remote's entry (only the
        // shell loads remotes): each remoteEntry.js is 35 KB smaller, less to parse on a phone.
        experiments: { optimization: { target: 'web', ...(isShell ? {} : { disableRemote: true }) } },
        ...(isShell
          ? { remotes: {}, runtimePlugins: [resolve(appDir, 'src/federation/fetch-timeout-plugin.ts'), resolve(appDir, 'src/federation/yield-plugin.ts')] }
          : {}),
      }),
      // Pre-compressed copies, so the gateway serves brotli or gzip without compressing per request.
      ...(production
        ? [
            new CompressionPlugin({ test: compressible, algorithm: 'gzip', filename: '[path][base].gz', threshold: 1024, minRatio: 0.9 }),
            new CompressionPlugin({ test: compressible, algorithm: 'brotliCompress', filename: '[path][base].br', threshold: 1024, minRatio: 0.9 }),
          ]
        : []),
      ...(isShell
        ? [new HtmlWebpackPlugin({ template: resolve(appDir, 'src/index.html'), favicon: resolve(appDir, 'src/favicon.svg'), scriptLoading: 'defer' })]
        : []),
    ],
    optimization: {
      minimize: production,
      minimizer: [
        new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, extractComments: false, minimizerOptions: { compress: { passes: 2 }, mangle: true } }),
        new MinimizerPlugin({ test: /\.css$/, minify: MinimizerPlugin.lightningCssMinify }),
      ],
    },
    performance: { hints: false },
    stats: 'errors-warnings',
    // 'error' also hides the manifest plugin's notice that remotes use publicPath 'auto', which is deliberate.
    infrastructureLogging: { level: 'error' },
  };
};
