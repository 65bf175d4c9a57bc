package server

import (
	"errors"
	"fmt"
	"net/http"
)

var ErrClosed = errors.New("server closed")

type Server struct {
	addr   string
	closed bool
}

func New(addr string) *Server {
	return &Server{addr: addr}
}

func (s *Server) Start() error {
	if s.closed {
		return ErrClosed
	}
	err := http.ListenAndServe(s.addr, nil)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", s.addr, err)
	}
	return nil
}

func (s *Server) Close() error {
	if s.closed {
		return ErrClosed
	}
	s.closed = true
	fmt.Println("closed", s.addr)
	return nil
}
