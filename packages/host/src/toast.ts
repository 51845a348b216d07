// Toasts go through the host so that every remote shares the shell's one, announced, toaster.
export { toast, Toaster } from 'sonner';
