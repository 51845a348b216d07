// Stylesheets are injected by style-loader at import time; they export nothing we read.
declare module '*.css';
