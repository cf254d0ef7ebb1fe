// Base64 as every JavaScript host has it (Node 16+, browsers); declared here for the same reason as the timers.
declare function btoa(data: string): string;
declare function atob(data: string): string;
