//! Sichuan bloody battle (血战到底): fan and doublers.
